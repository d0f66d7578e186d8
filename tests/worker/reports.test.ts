// ADR 038: the performance reports at /api/reports, built from a fixture month of plays with
// known listener figures, checked field by field against 37 CFR 370.4 (SoundExchange's Report of
// Use, the file with headers) and the plain CSV; who may ask; and a month of 30,000 plays read a
// page at a time.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReportFiler, ReportSummary } from "#schema/api/reports.ts";
import { playsPerPage, type ReadCounter } from "#worker/lib/reports/plays.ts";
import { recordingTotals } from "#worker/lib/reports/recordings.ts";
import { soundExchangeColumns } from "#worker/lib/reports/soundexchange.ts";
import { request } from "./support/request";
import { getAs, sendJsonAs, sessionHeaders } from "./support/session";

const march = { from: "2020-03-01", to: "2020-03-31" };
const query = (p: { from: string; to: string }) => `from=${p.from}&to=${p.to}`;
const at = (iso: string) => Date.parse(iso);

const filer: ReportFiler = {
  serviceName: "Lounge Radio Café",
  contactName: "Ada Operator",
  street: "1 Harbour Street",
  cityStateZip: "Portland, OR 97201",
  phone: "+1 503 555 0100",
  email: "reports@example.com",
};

type FixturePlay = {
  title: string;
  artist: string;
  album: string | null;
  at: string;
  avg: number | null;
  start?: number;
  end?: number;
};

const plays: FixturePlay[] = [
  // Before the period: not reported.
  {
    title: "Velvet Harbour",
    artist: "Nightfall Quartet",
    album: "Harbour Lights",
    at: "2020-02-29T23:58:00Z",
    avg: 99,
  },
  {
    title: "Velvet Harbour",
    artist: "Nightfall Quartet",
    album: "Harbour Lights",
    at: "2020-03-01T00:00:00Z",
    avg: 10.4,
    start: 9,
    end: 11,
  },
  {
    title: "Café Noir",
    artist: "Zoë Ästhetik",
    album: null,
    at: "2020-03-01T00:04:00Z",
    avg: 5,
    start: 5,
    end: 5,
  },
  {
    title: "Velvet Harbour",
    artist: "Nightfall Quartet",
    album: "Harbour Lights",
    at: "2020-03-10T12:00:00Z",
    avg: 20.5,
    start: 20,
    end: 21,
  },
  // Another spelling of the same recording: one row in the Report of Use.
  {
    title: " velvet harbour ",
    artist: "NIGHTFALL QUARTET",
    album: null,
    at: "2020-03-15T08:00:00Z",
    avg: 7.6,
    start: 7,
    end: 8,
  },
  { title: "Café Noir", artist: "Zoë Ästhetik", album: null, at: "2020-03-20T09:00:00Z", avg: null },
  { title: "Ghost\tSong ^1", artist: "Unfollowed", album: "Nowhere", at: "2020-03-31T23:50:00Z", avg: null },
  // After the period: not reported, but it ends the period's last play.
  { title: "Late Night", artist: "Nightfall Quartet", album: null, at: "2020-04-01T00:02:00Z", avg: 3 },
];

async function insertFixturePlays(list: FixturePlay[]): Promise<void> {
  const insert = env.DB.prepare(
    "insert into track_history (title, artist, album, played_at, listeners_start, listeners_end, listeners_avg) values (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
  );
  await env.DB.batch(
    list.map((p) => insert.bind(p.title, p.artist, p.album, at(p.at), p.start ?? null, p.end ?? null, p.avg)),
  );
}

beforeAll(async () => {
  await insertFixturePlays(plays);
  await env.DB.batch([
    env.DB.prepare(
      "insert into track_recordings (title_key, artist_key, isrc, label, recording_id, source, checked_at) values ('velvet harbour', 'nightfall quartet', 'QZLRD2600001', 'Harbour Lights Records', null, 'provider', 0)",
    ),
    // Hourly listener samples of all mounts: 10 and 20 listeners on average (30 listener-hours).
    env.DB.prepare(
      `insert into listener_samples (resolution, mount, start, min, max, sum, samples) values
       ('hour', '*', ${at("2020-03-02T10:00:00Z")}, 8, 12, 300, 30),
       ('hour', '*', ${at("2020-03-02T11:00:00Z")}, 15, 25, 600, 30),
       ('hour', 'hd', ${at("2020-03-02T11:00:00Z")}, 15, 25, 600, 30),
       ('hour', '*', ${at("2020-04-01T00:00:00Z")}, 1, 1, 30, 30)`,
    ),
  ]);
});

describe("SoundExchange's Report of Use", () => {
  it("asks who files before the first report, and keeps them for the next", async () => {
    const none = await getAs(`/api/reports/soundexchange?${query(march)}`, "admin");
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({
      error: expect.any(String),
      message: expect.stringContaining("files"),
    });
    const bad = await sendJsonAs("PUT", "/api/reports/filer", { ...filer, email: "not an address" }, "admin");
    expect(bad.status).toBe(400);
    const saved = await sendJsonAs("PUT", "/api/reports/filer", filer, "admin");
    expect(saved.status).toBe(200);
    expect(await (await getAs("/api/reports/filer", "admin")).json()).toEqual({ filer });
  });

  it("writes the 14 header rows, then one row per recording in the regulation's order", async () => {
    await sendJsonAs("PUT", "/api/reports/filer", filer, "admin");
    const res = await getAs(`/api/reports/soundexchange?${query(march)}`, "admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=us-ascii");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="LoungeRadioCafe20200301-20200331.txt"',
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    // ASCII only, each row ended by CR LF.
    expect([...text].every((c) => c.charCodeAt(0) < 128)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    expect(lines.slice(0, 13)).toEqual([
      "Lounge Radio Cafe",
      "Ada Operator",
      "1 Harbour Street",
      "Portland, OR 97201",
      "+1 503 555 0100",
      "reports@example.com",
      "20200301",
      "20200331",
      today,
      "3",
      "^",
      "\t",
      "",
    ]);
    expect(lines[13]?.split("\t")).toEqual(soundExchangeColumns.map((c) => `^${c}^`));
    const rows = lines.slice(14).map((line) => line.split("\t"));
    expect(rows).toEqual([
      // Played 3 times in March (two spellings), performances 10 + 21 + 8: each play's average, rounded.
      [
        "^Lounge Radio Cafe^",
        "^A^",
        "^Nightfall Quartet^",
        "^Velvet Harbour^",
        "^QZLRD2600001^",
        "^Harbour Lights^",
        "^Harbour Lights Records^",
        "39",
      ],
      // No ISRC known: album and label are what identify it; one of its two plays was followed.
      ["^Lounge Radio Cafe^", "^A^", "^Zoe Asthetik^", "^Cafe Noir^", "", "", "", "5"],
      // No play followed: no performances invented. The tab and the caret never reach the file.
      ["^Lounge Radio Cafe^", "^A^", "^Unfollowed^", "^Ghost Song 1^", "", "^Nowhere^", "", ""],
    ]);
  });
});

describe("every play as CSV", () => {
  it("has one row per play with its length, codes and listener figures, unfollowed plays marked", async () => {
    const res = await getAs(`/api/reports/plays?${query(march)}`, "admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="plays-2020-03-01-to-2020-03-31.csv"',
    );
    const lines = (await res.text()).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "played_at,duration_seconds,title,artist,album,isrc,label,listeners_start,listeners_average,listeners_end,performances,listener_figures",
    );
    expect(lines.slice(1, -1)).toEqual([
      "2020-03-01T00:00:00.000Z,240,Velvet Harbour,Nightfall Quartet,Harbour Lights,QZLRD2600001,Harbour Lights Records,9,10.4,11,10,followed",
      "2020-03-01T00:04:00.000Z,820560,Café Noir,Zoë Ästhetik,,,,5,5,5,5,followed",
      "2020-03-10T12:00:00.000Z,417600,Velvet Harbour,Nightfall Quartet,Harbour Lights,QZLRD2600001,Harbour Lights Records,20,20.5,21,21,followed",
      "2020-03-15T08:00:00.000Z,435600, velvet harbour ,NIGHTFALL QUARTET,,QZLRD2600001,Harbour Lights Records,7,7.6,8,8,followed",
      "2020-03-20T09:00:00.000Z,1003800,Café Noir,Zoë Ästhetik,,,,,,,,not followed",
      // Its length runs to the first play after the period.
      "2020-03-31T23:50:00.000Z,720,Ghost\tSong ^1,Unfollowed,Nowhere,,,,,,,not followed",
    ]);
  });
});

describe("the summary and the admin's corrections", () => {
  it("sums up the period: plays, performances, tuning hours and the recordings without an ISRC", async () => {
    const res = await getAs(`/api/reports/summary?${query(march)}`, "admin");
    expect(res.status).toBe(200);
    const summary = (await res.json()) as ReportSummary;
    expect(summary).toMatchObject({
      plays: 6,
      followedPlays: 4,
      recordings: 3,
      recordingsWithIsrc: 1,
      performances: 44,
      tuningHours: 30,
      sampledHours: 2,
      hours: 31 * 24,
      missingTotal: 2,
    });
    expect(summary.missing.map((r) => [r.title, r.plays, r.source])).toEqual([
      ["Café Noir", 2, null],
      ["Ghost\tSong ^1", 1, null],
    ]);
  });

  it("takes the admin's ISRC and label, in any spelling of the code, and reports them", async () => {
    const bad = await sendJsonAs(
      "PUT",
      "/api/reports/recording",
      { title: "Café Noir", artist: "Zoë Ästhetik", isrc: "123", label: null },
      "admin",
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("ISRC");
    const res = await sendJsonAs(
      "PUT",
      "/api/reports/recording",
      { title: "Café Noir", artist: "Zoë Ästhetik", isrc: "fr-z03-20-00123", label: " Noir Records " },
      "admin",
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isrc: "FRZ032000123", label: "Noir Records", source: "admin" });
    const { recordings } = await recordingTotals(env.DB, march);
    expect(recordings.find((r) => r.title === "Café Noir")).toMatchObject({
      isrc: "FRZ032000123",
      label: "Noir Records",
      source: "admin",
    });
  });

  it("answers the admin only, and a clear 400 for a period that is not one", async () => {
    for (const path of ["summary", "soundexchange", "plays", "filer"]) {
      expect((await getAs(`/api/reports/${path}?${query(march)}`, "anonymous")).status, path).toBe(401);
      expect((await getAs(`/api/reports/${path}?${query(march)}`, "user")).status, path).toBe(403);
    }
    expect((await sendJsonAs("PUT", "/api/reports/filer", filer, "user")).status).toBe(403);
    expect(
      (
        await sendJsonAs(
          "PUT",
          "/api/reports/recording",
          { title: "a", artist: "b", isrc: null, label: null },
          "anonymous",
        )
      ).status,
    ).toBe(401);
    for (const bad of [
      "from=2020-03-31&to=2020-03-01",
      "from=2020-02-30&to=2020-03-01",
      "from=march&to=2020-03-01",
      "to=2020-03-01",
      "from=2020-01-01&to=2021-01-31",
    ]) {
      const res = await getAs(`/api/reports/summary?${bad}`, "admin");
      expect(res.status, bad).toBe(400);
      expect(await res.json(), bad).toMatchObject({ error: "invalid_request", message: expect.any(String) });
    }
  });
});

describe("a period of more plays than a report covers", () => {
  it("is refused with a clear 400 before any play is read (REPORT_MAX_PLAYS)", async () => {
    const headers = await sessionHeaders("admin");
    for (const path of ["summary", "soundexchange", "plays"]) {
      const res = await request(
        `/api/reports/${path}?${query(march)}`,
        { headers },
        { REPORT_MAX_PLAYS: "5" },
      );
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({
        error: expect.any(String),
        message: "The period holds 6 plays; a report covers at most 5. Choose a shorter period.",
      });
    }
    const atLimit = await request(
      `/api/reports/summary?${query(march)}`,
      { headers },
      { REPORT_MAX_PLAYS: "6" },
    );
    expect(atLimit.status).toBe(200);
  });
});

describe("a month of 30,000 plays", () => {
  const june = { from: "2019-06-01", to: "2019-06-30" };
  const count = 30_000;

  beforeAll(async () => {
    const start = at("2019-06-01T00:00:00Z");
    const step = Math.floor((30 * 86_400_000) / count);
    const all = Array.from({ length: count }, (_, i) => ({
      title: `Track ${i % 3000}`,
      artist: `Artist ${i % 300}`,
      album: null,
      at: new Date(start + i * step).toISOString(),
      avg: i % 10 === 0 ? null : (i % 50) + 0.25,
    }));
    for (let from = 0; from < count; from += 1000) await insertFixturePlays(all.slice(from, from + 1000));
    // Every recording has its codes: each play's lookup finds a row.
    const codes = env.DB.prepare(
      "insert into track_recordings (title_key, artist_key, isrc, label, source, checked_at) values (?1, ?2, ?3, 'Label', 'provider', 0)",
    );
    const keys = Array.from({ length: 3000 }, (_, i) => [
      `track ${i}`,
      `artist ${i % 300}`,
      `QZLRD19${String(i).padStart(5, "0")}`,
    ]);
    for (let from = 0; from < keys.length; from += 500) {
      await env.DB.batch(keys.slice(from, from + 500).map((k) => codes.bind(...k)));
    }
  }, 120_000);

  it("is read a page at a time, each page reading its plays and their codes, no more", async () => {
    const counter: ReadCounter = { pages: 0, rowsRead: 0, maxRowsReadPerPage: 0 };
    const started = performance.now();
    const totals = await recordingTotals(env.DB, june, counter);
    const ms = performance.now() - started;
    expect(totals.plays).toBe(count);
    expect(totals.recordings).toHaveLength(3000);
    expect(totals.recordings.every((r) => r.isrc?.startsWith("QZLRD19"))).toBe(true);
    expect(totals.followedPlays).toBe(count - count / 10);
    expect(counter.pages).toBe(count / playsPerPage + 1);
    // A play's row and its recording's, and the index step past the page.
    expect(counter.maxRowsReadPerPage).toBeLessThanOrEqual(2 * playsPerPage + 2);
    console.log(
      `reports: a month of ${count} plays -> ${totals.recordings.length} recordings in ${Math.round(ms)} ms, ${counter.pages} pages, ${counter.rowsRead} rows read (at most ${counter.maxRowsReadPerPage} a page)`,
    );
    const started2 = performance.now();
    const res = await getAs(`/api/reports/plays?${query(june)}`, "admin");
    const lines = (await res.text()).split("\r\n");
    console.log(
      `reports: the month's CSV, ${lines.length - 2} rows, in ${Math.round(performance.now() - started2)} ms`,
    );
    expect(lines).toHaveLength(count + 2);
  }, 60_000);
});
