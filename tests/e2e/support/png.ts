// A real, small PNG made in the test (no binary fixture in the repo), of one colour.
import { type Rgb, rgbPng } from "#dev/station/png.ts";

/** A `width` x `height` PNG filled with one RGB color. */
export function solidPng(width: number, height: number, color: Rgb): Buffer {
  return rgbPng(width, height, () => color);
}
