// How wide a line of text is in one of the card's fonts, read from the font itself (its cmap,
// hmtx and head tables), so the card can wrap and shorten a title before resvg draws it: resvg
// draws text where it is told and never wraps. Kerning is left out; the card keeps a margin.

export type FontMetrics = {
  /** Whether the font has a glyph for every character of the text. */
  covers(text: string): boolean;
  /** The advance width of the text at the size, in pixels. */
  width(text: string, size: number): number;
};

function tables(view: DataView): Map<string, number> {
  const offsets = new Map<string, number>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(
      view.getUint8(record),
      view.getUint8(record + 1),
      view.getUint8(record + 2),
      view.getUint8(record + 3),
    );
    offsets.set(tag, view.getUint32(record + 8));
  }
  return offsets;
}

/** Code point -> glyph id from the Unicode BMP subtable (platform 3, encoding 1, format 4). */
function characterMap(view: DataView, cmap: number): Map<number, number> {
  const glyphs = new Map<number, number>();
  const count = view.getUint16(cmap + 2);
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8;
    if (view.getUint16(record) !== 3 || view.getUint16(record + 2) !== 1) continue;
    const table = cmap + view.getUint32(record + 4);
    if (view.getUint16(table) !== 4) continue;
    const segments = view.getUint16(table + 6) / 2;
    const ends = table + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const end = view.getUint16(ends + s * 2);
      const start = view.getUint16(starts + s * 2);
      const delta = view.getInt16(deltas + s * 2);
      const rangeOffset = view.getUint16(rangeOffsets + s * 2);
      for (let code = start; code <= end && code !== 0xffff; code++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
        else {
          const at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2;
          const raw = view.getUint16(at);
          glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
        }
        if (glyph !== 0) glyphs.set(code, glyph);
      }
    }
    return glyphs;
  }
  return glyphs;
}

export function fontMetrics(font: ArrayBuffer): FontMetrics {
  const view = new DataView(font);
  const offsets = tables(view);
  const [head, hhea, hmtx, cmap] = ["head", "hhea", "hmtx", "cmap"].map((tag) => {
    const offset = offsets.get(tag);
    if (offset === undefined) throw new Error(`The font has no ${tag} table`);
    return offset;
  }) as [number, number, number, number];
  const unitsPerEm = view.getUint16(head + 18);
  const longMetrics = view.getUint16(hhea + 34);
  const glyphs = characterMap(view, cmap);
  const advance = (glyph: number) => view.getUint16(hmtx + Math.min(glyph, longMetrics - 1) * 4);
  const notDefined = advance(0);

  return {
    covers: (text) => [...text].every((char) => glyphs.has(char.codePointAt(0) ?? 0)),
    width(text, size) {
      let units = 0;
      for (const char of text) {
        const glyph = glyphs.get(char.codePointAt(0) ?? 0);
        units += glyph === undefined ? notDefined : advance(glyph);
      }
      return (units * size) / unitsPerEm;
    },
  };
}
