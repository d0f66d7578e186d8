import { describe, expect, it } from "vitest";
import { listenedTime, relativeTime } from "#web/lib/time.ts";

const now = Date.parse("2026-06-15T12:00:00Z");
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe("relativeTime", () => {
  it.each([
    [0, "just now"],
    [59, "just now"],
    [60, "1 minute ago"],
    [5 * 60 + 30, "5 minutes ago"],
    [3600, "1 hour ago"],
    [3 * 3600, "3 hours ago"],
    [86_400, "1 day ago"],
    [6 * 86_400, "6 days ago"],
    [14 * 86_400, "2 weeks ago"],
    [60 * 86_400, "2 months ago"],
    [800 * 86_400, "2 years ago"],
  ])("says a track played %i seconds ago was played '%s'", (seconds, expected) => {
    expect(relativeTime(ago(seconds), now)).toBe(expected);
  });

  it("treats a time slightly in the future (clock skew) as just now", () => {
    expect(relativeTime(ago(-30), now)).toBe("just now");
  });

  it("gives nothing for an unreadable date", () => {
    expect(relativeTime("not a date", now)).toBe("");
  });
});

describe("listenedTime", () => {
  it("says minutes, then hours and minutes", () => {
    expect(listenedTime(0)).toBe("0 min");
    expect(listenedTime(59)).toBe("under 1 min");
    expect(listenedTime(45 * 60)).toBe("45 min");
    expect(listenedTime(2 * 3600 + 5 * 60 + 30)).toBe("2 h 5 min");
    expect(listenedTime(26 * 3600)).toBe("26 h");
  });
});
