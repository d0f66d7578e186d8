// ADR 021: how the live room tallies its audience, and how stretches and tables are classed.
import { describe, expect, it } from "vitest";
import type { Insights } from "#schema/api/insights.ts";
import { insightsCsv } from "#worker/lib/insights/csv.ts";
import { allMounts, minuteMs, tallyMinute, tallyPlay } from "#worker/lib/insights/sampler.ts";
import { countryOf, deviceClass, lengthBucket } from "#worker/lib/insights/sessions.ts";

const t0 = Date.UTC(2026, 10, 24, 12, 0, 0);

describe("per-minute listener samples", () => {
  it("keeps min, sum and samples per mount and for the whole station within a minute", () => {
    let tally = tallyMinute(null, t0 + 1_000, 5, { "/hd": 3, "/mobile": 2 }).tally;
    tally = tallyMinute(tally, t0 + 2_000, 9, { "/hd": 6, "/mobile": 3 }).tally;
    const third = tallyMinute(tally, t0 + 3_000, 7, { "/hd": 4, "/mobile": 3 });
    expect(third.finished).toBeNull();
    expect(third.tally.start).toBe(t0);
    expect(third.tally.mounts[allMounts]).toEqual({ min: 5, max: 9, sum: 21, samples: 3 });
    expect(third.tally.mounts["/hd"]).toEqual({ min: 3, max: 6, sum: 13, samples: 3 });
    expect(third.tally.mounts["/mobile"]).toEqual({ min: 2, max: 3, sum: 8, samples: 3 });
  });

  it("hands back the minute a read in the next minute ends, and starts afresh", () => {
    const first = tallyMinute(null, t0 + 59_000, 4, { "/hd": 4 }).tally;
    const next = tallyMinute(first, t0 + minuteMs + 500, 6, { "/sd": 6 });
    expect(next.finished).toBe(first);
    expect(next.tally).toEqual({
      start: t0 + minuteMs,
      mounts: {
        [allMounts]: { min: 6, max: 6, sum: 6, samples: 1 },
        "/sd": { min: 6, max: 6, sum: 6, samples: 1 },
      },
    });
  });
});

describe("song impact of a play", () => {
  const play = (id: number, started = true) => ({ id, title: "Blue Hour", artist: "Nujazz Trio", started });

  it("reports the counts at the play's first and last read and its average when the next play starts", () => {
    let step = tallyPlay(null, play(1), t0, 10);
    step = tallyPlay(step.tally, play(1), t0 + 1_000, 14);
    step = tallyPlay(step.tally, play(1), t0 + 2_000, null); // a failed read counts nothing
    step = tallyPlay(step.tally, play(1), t0 + 3_000, 12);
    expect(step.finished).toBeNull();
    const next = tallyPlay(step.tally, play(2), t0 + 4_000, 11);
    expect(next.finished).toEqual({
      playId: 1,
      title: "Blue Hour",
      artist: "Nujazz Trio",
      from: t0,
      to: t0 + 4_000,
      listenersStart: 10,
      listenersEnd: 12,
      listenersAvg: 12,
    });
    expect(next.tally?.playId).toBe(2);
  });

  it("does not count a play the room joined after it began (a restart)", () => {
    const joined = tallyPlay(null, play(1, false), t0, 10);
    const next = tallyPlay(joined.tally, play(2), t0 + 1_000, 12);
    expect(next.finished).toBeNull();
    expect(next.tally?.fromStart).toBe(true);
  });
});

describe("how a listening stretch is classed", () => {
  it("tells phones, tablets, computers and the rest apart from the user agent", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
    const pixel =
      "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
    const galaxyTab =
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const ipad =
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    const mac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
    const windows =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    expect([iphone, pixel].map(deviceClass)).toEqual(["mobile", "mobile"]);
    expect([galaxyTab, ipad].map(deviceClass)).toEqual(["tablet", "tablet"]);
    expect([mac, windows].map(deviceClass)).toEqual(["desktop", "desktop"]);
    expect(
      [undefined, "", "curl/8.5.0", "Googlebot/2.1", "Mozilla/5.0 HeadlessChrome/131.0"].map(deviceClass),
    ).toEqual(["other", "other", "other", "other", "other"]);
  });

  it("keeps only Cloudflare's two-letter country, never anything else the request carries", () => {
    expect(countryOf({ country: "DE", city: "Berlin" })).toBe("DE");
    expect(countryOf({ country: "T1" })).toBe("T1");
    expect([countryOf({ country: "XX" }), countryOf({ country: "Germany" }), countryOf(undefined)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("puts each length in one bucket, the longest open-ended", () => {
    expect([0, 59, 60, 299, 300, 3_599, 3_600, 7_199, 7_200, 86_400].map(lengthBucket)).toEqual([
      "under-1m",
      "under-1m",
      "1-5m",
      "1-5m",
      "5-15m",
      "30-60m",
      "1-2h",
      "1-2h",
      "2h-plus",
      "2h-plus",
    ]);
  });
});

describe("the CSV export", () => {
  it("quotes what needs quoting and never lets a title run as a spreadsheet formula", () => {
    const impact = { plays: 2, averageChange: 3.5, averageListeners: 20, favorites: 1 };
    const insights = {
      songImpact: {
        computedAt: null,
        gainers: [{ title: '=HYPERLINK("http://evil.example")', artist: "Trio, The", ...impact }],
        losers: [{ title: "-Minus", artist: "@Someone", ...impact, averageChange: -2 }],
      },
    } as unknown as Insights;
    expect(insightsCsv(insights, "songs").split("\r\n")).toEqual([
      "table,title,artist,plays,average_change,average_listeners,favorites",
      `gainers,"'=HYPERLINK(""http://evil.example"")","Trio, The",2,3.5,20,1`,
      "losers,'-Minus,'@Someone,2,-2,20,1",
      "",
    ]);
  });
});
