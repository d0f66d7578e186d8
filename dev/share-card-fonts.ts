// npm run share-card:fonts -- [font folder]
// Writes the two fonts the share card is drawn with (worker/lib/share-card/fonts/): DejaVu Sans
// and DejaVu Sans Bold, cut down to the scripts track names on this station are written in, so
// the worker carries about a tenth of the full fonts. Run once; its output is committed.
// The folder defaults to Debian's fonts-dejavu-core.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import subsetFont from "subset-font";

/** Latin (with its supplements and extensions), Greek, Cyrillic, punctuation, currency, notes. */
const ranges: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20bf],
  [0x2100, 0x214f],
  [0x266a, 0x266b],
];
const text = ranges
  .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
  .join("");

const folder = process.argv[2] ?? "/usr/share/fonts/truetype/dejavu";
const out = new URL("../worker/lib/share-card/fonts/", import.meta.url);
for (const name of ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]) {
  const full = await readFile(join(folder, name));
  const subset = await subsetFont(full, text, { targetFormat: "truetype" });
  await writeFile(new URL(name, out), subset);
  console.log(`${name}: ${full.length} -> ${subset.length} bytes`);
}
