import { describe, expect, it } from "vitest";
import { cleanText, shareCardSvg, wrapText } from "../../worker/lib/share-card/card";
import { fontMetrics } from "../../worker/lib/share-card/font-metrics";
import boldFont from "../../worker/lib/share-card/fonts/DejaVuSans-Bold.ttf";
import { cardText } from "../../worker/lib/share-card/store";

const bold = fontMetrics(boldFont);
const texts = (svg: string | null) =>
  [...(svg ?? "").matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe("share card layout", () => {
  it("measures text from the font: wider text, more pixels; a bigger size, proportionally more", () => {
    expect(bold.width("Lounge", 40)).toBeGreaterThan(bold.width("Loun", 40));
    expect(bold.width("Lounge", 80)).toBeCloseTo(bold.width("Lounge", 40) * 2, 5);
    // DejaVu Sans Bold's "W" is wider than its "i".
    expect(bold.width("W", 100)).toBeGreaterThan(bold.width("i", 100) * 2);
    expect(bold.covers("Café Ünïcödé – Ωμέγα Привет ♪")).toBe(true);
    expect(bold.covers("夜のカフェ")).toBe(false);
  });

  it("wraps words onto lines no wider than the card and ends what does not fit with an ellipsis", () => {
    const title = "A much longer title that has to wrap over two lines at the very least, surely, and more";
    const lines = wrapText(title, bold, 80, 1008, 2);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(bold.width(line, 80)).toBeLessThanOrEqual(1008);
    // The first line ends at a word whose successor would not fit; the second resumes there.
    const first = lines[0] as string;
    const nextWord = title.slice(first.length + 1).split(" ")[0];
    expect(title.startsWith(`${first} `)).toBe(true);
    expect(bold.width(`${first} ${nextWord}`, 80)).toBeGreaterThan(1008);
    expect(lines[1]?.startsWith(`${nextWord} `)).toBe(true);
    expect(lines[1]).toMatch(/…$/);
    expect(wrapText("Short", bold, 80, 1008, 2)).toEqual(["Short"]);
    // One word wider than the card is cut where it meets the edge.
    const long = wrapText("X".repeat(60), bold, 80, 1008, 2);
    expect(long).toHaveLength(2);
    expect(long[1]).toMatch(/…$/);
    for (const line of long) expect(bold.width(line, 80)).toBeLessThanOrEqual(1008);
  });

  it("keeps the title whole at a smaller size before it shortens it", () => {
    const title = "Midnight Conversations in the Velvet Lounge of the Harbour";
    expect(wrapText(title, bold, 80, 1008, 2).at(-1)).toMatch(/…$/);
    const svg = shareCardSvg(cardText({ title, artist: "Nightfall Quartet", album: null }));
    const sizes = [...(svg ?? "").matchAll(/font-weight="bold" font-size="(\d+)"/g)].map((m) => Number(m[1]));
    // The station's name, then the title's lines at one size below the largest.
    expect(sizes.slice(1).every((size) => size < 80)).toBe(true);
    expect(texts(svg).slice(1, 3).join(" ")).toBe(title);
  });

  it("escapes the radio host's text and strips what XML does not allow", () => {
    expect(cleanText("a\u0000b\u0007c\u001f\u007f  d\n\te \ud800f")).toBe("a b c d e \ufffdf");
    const svg = shareCardSvg(cardText({ title: "</text><i>x", artist: "A & B", album: '"q"' }));
    expect(svg).not.toContain("<i>");
    expect(texts(svg)).toContain("&lt;/text&gt;&lt;i&gt;x");
    expect(texts(svg)).toContain("A &amp; B");
    expect(texts(svg)).toContain("&quot;q&quot;");
  });

  it("gives no card for text its fonts cannot write", () => {
    expect(shareCardSvg(cardText({ title: "夜のカフェ", artist: "Tokyo Lounge", album: null }))).toBeNull();
    expect(shareCardSvg(cardText({ title: "Night", artist: "Lounge", album: "夜" }))).toBeNull();
  });
});
