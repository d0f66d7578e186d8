// The share card of a played track (docs/product.md §10): a 1200x630 PNG in the station's look, with the
// title, artist and album, drawn on the worker by resvg from an SVG written here. The text comes
// from the radio host, so it is escaped, stripped of what XML forbids, and laid out by our own
// measure (font-metrics.ts): two lines of title at most, one of artist and of album, each
// shortened with an ellipsis. A track the card's fonts cannot write gets no card (null).
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { escapeHtml } from "../escape-html";
import { type FontMetrics, fontMetrics } from "./font-metrics";
import regularFont from "./fonts/DejaVuSans.ttf";
import boldFont from "./fonts/DejaVuSans-Bold.ttf";

const cardWidth = 1200;
const cardHeight = 630;

export type CardText = {
  station: string;
  tagline: string;
  title: string;
  artist: string;
  album: string | null;
};

const colors = {
  bg: "#120f1f",
  raised: "#1c1830",
  hero: "#2a1f45",
  fg: "#f4efe6",
  muted: "#b9b1c9",
  accent: "#e9b872",
};
const left = 96;
const textWidth = cardWidth - left * 2;

let metrics: { regular: FontMetrics; bold: FontMetrics } | undefined;
function fonts() {
  metrics ??= { regular: fontMetrics(regularFont), bold: fontMetrics(boldFont) };
  return metrics;
}

/** Without what XML 1.0 does not allow (control characters, lone surrogates) or runs of white space. */
export function cleanText(text: string): string {
  return text
    .toWellFormed()
    .replace(/[\p{Cc}\ufffe\uffff]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function shorten(text: string, font: FontMetrics, size: number, width: number): string {
  if (font.width(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && font.width(`${chars.join("").trimEnd()}…`, size) > width) chars.pop();
  const kept = chars.join("");
  // Cut after the last whole word, unless that would throw away more than a third of the line.
  const space = kept.lastIndexOf(" ");
  const cutsWord = [...text][chars.length] !== " ";
  const cut = cutsWord && space > (kept.length * 2) / 3 ? kept.slice(0, space) : kept;
  return `${cut.trimEnd()}…`;
}

/** Words onto lines no wider than width; what does not fit in maxLines ends in an ellipsis. */
export function wrapText(
  text: string,
  font: FontMetrics,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.width(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word wider than a line of its own is cut where it meets the edge.
    while (font.width(line, size) > width) {
      const chars = [...line];
      let fit = chars.length - 1;
      while (fit > 1 && font.width(chars.slice(0, fit).join(""), size) > width) fit--;
      lines.push(chars.slice(0, fit).join(""));
      line = chars.slice(fit).join("");
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines - 1);
  return [...kept, shorten(lines.slice(maxLines - 1).join(" "), font, size, width)];
}

/** The title at the largest size that writes it whole on two lines (or shortened at the smallest). */
function titleLines(title: string, font: FontMetrics): { size: number; lines: string[] } {
  let fitted = { size: 0, lines: [] as string[] };
  for (const size of [80, 68, 58]) {
    fitted = { size, lines: wrapText(title, font, size, textWidth, 2) };
    if (!fitted.lines.some((l) => l.endsWith("…"))) break;
  }
  return fitted;
}

/** The card as SVG, or null when its fonts lack a character of the track's text. */
export function shareCardSvg(card: CardText): string | null {
  const { regular, bold } = fonts();
  const title = cleanText(card.title) || "Untitled";
  const artist = cleanText(card.artist);
  const album = card.album ? cleanText(card.album) : "";
  if (![title, artist, album].every((text) => regular.covers(text) && bold.covers(text))) return null;

  const heading = titleLines(title, bold);
  const lineHeight = Math.round(heading.size * 1.15);
  // Title, artist and album sit in the middle of the space between the station's name and tagline.
  const blockHeight = heading.lines.length * lineHeight + 64 + (album ? 52 : 0);
  let y = Math.round(160 + (360 - blockHeight) / 2);
  const text: string[] = [];
  for (const line of heading.lines) {
    y += lineHeight;
    text.push(
      `<text x="${left}" y="${y - Math.round(heading.size * 0.25)}" font-weight="bold" font-size="${heading.size}" fill="${colors.fg}">${escapeHtml(line)}</text>`,
    );
  }
  y += 64;
  text.push(
    `<text x="${left}" y="${y - 14}" font-size="46" fill="${colors.accent}">${escapeHtml(shorten(artist, regular, 46, textWidth))}</text>`,
  );
  if (album) {
    y += 52;
    text.push(
      `<text x="${left}" y="${y - 12}" font-size="34" fill="${colors.muted}">${escapeHtml(shorten(album, regular, 34, textWidth))}</text>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cardWidth}" height="${cardHeight}" viewBox="0 0 ${cardWidth} ${cardHeight}" font-family="DejaVu Sans">`,
    `<defs><linearGradient id="hero" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.hero}"/><stop offset="0.7" stop-color="${colors.bg}"/></linearGradient></defs>`,
    `<rect width="${cardWidth}" height="${cardHeight}" fill="url(#hero)"/>`,
    `<rect x="${left}" y="64" width="72" height="72" rx="16" fill="${colors.raised}"/>`,
    `<circle cx="${left + 36}" cy="100" r="19" fill="none" stroke="${colors.accent}" stroke-width="5"/>`,
    `<circle cx="${left + 36}" cy="100" r="6" fill="${colors.accent}"/>`,
    `<text x="${left + 96}" y="113" font-weight="bold" font-size="36" fill="${colors.fg}">${escapeHtml(shorten(cleanText(card.station), bold, 36, 520))}</text>`,
    ...text,
    `<text x="${left}" y="${cardHeight - 64}" font-size="28" fill="${colors.muted}">${escapeHtml(shorten(cleanText(card.tagline), regular, 28, textWidth))}</text>`,
    `<rect x="0" y="${cardHeight - 12}" width="${cardWidth}" height="12" fill="${colors.accent}"/>`,
    "</svg>",
  ].join("");
}

let ready: Promise<unknown> | undefined;

/** The SVG drawn as a PNG; resvg's WebAssembly starts once per isolate. */
export async function renderPng(svg: string): Promise<Uint8Array> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  await ready;
  const resvg = new Resvg(svg, {
    fitTo: { mode: "original" },
    font: {
      fontBuffers: [new Uint8Array(regularFont), new Uint8Array(boldFont)],
      loadSystemFonts: false,
      defaultFontFamily: "DejaVu Sans",
    },
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
