/**
 * Which WebP suits a page: lossless for pages of text and flat drawings (measured at 1131×1600: a dense text page
 * 19 KB lossless against 230 KB lossy at about the same CPU time, and no blur at any zoom), lossy for anything
 * with pictures or gradients (a photo page is 1.4 MB lossless and takes 20× longer).
 */

import type { Pdfium } from "./pdfium.js";
import type { Pixels } from "./raster.js";

/** FPDFPageObj_GetType (fpdf_edit.h). */
const objectImage = 3;
const objectShading = 4;
const objectForm = 5;

/** Pages with more objects than this are not inspected further (and get lossy WebP). */
const maxObjects = 20_000;

/** Does the page draw images or shadings (also inside form XObjects)? Undefined when it has too many objects. */
export function hasPictures(pdfium: Pdfium, page: number): boolean | undefined {
  let seen = 0;
  const visit = (count: number, at: (index: number) => number): boolean | undefined => {
    for (let index = 0; index < count; index++) {
      if (++seen > maxObjects) return undefined;
      const object = at(index);
      const type = pdfium.FPDFPageObj_GetType(object);
      if (type === objectImage || type === objectShading) return true;
      if (type === objectForm) {
        const inner = visit(pdfium.FPDFFormObj_CountObjects(object), (i) => pdfium.FPDFFormObj_GetObject(object, i));
        if (inner !== false) return inner;
      }
    }
    return false;
  };
  return visit(pdfium.FPDFPage_CountObjects(page), (index) => pdfium.FPDFPage_GetObject(page, index));
}

/**
 * Mostly paper: in a sample of the pixels, few distinct colours (antialiased text and flat fills) and either most
 * of them the background or only shades of one ink. Measured at 1131×1600: text and CJK pages 81-98 % background
 * with ~200-250 colours (lossless a tenth of the lossy bytes at about the same CPU); a page of big coloured
 * drawings 74 % with ~450 colours (lossless as large as lossy and 2.7× the CPU, so lossy).
 */
export function paperLike(pixels: Pixels, maxColours = 1_024): boolean {
  const { data } = pixels;
  const counts = new Map<number, number>();
  // About 30 000 samples, on a stride that does not line up with rows.
  const step = Math.max(1, Math.floor(data.length / 4 / 30_000)) * 4 + 4;
  let samples = 0;
  for (let offset = 0; offset + 2 < data.length; offset += step) {
    const colour = ((data[offset] ?? 0) << 16) | ((data[offset + 1] ?? 0) << 8) | (data[offset + 2] ?? 0);
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
    samples++;
    if (counts.size > maxColours) return false;
  }
  const background = Math.max(0, ...counts.values()) / Math.max(1, samples);
  return background >= 0.78 || counts.size <= 256;
}

export function prefersLossless(pdfium: Pdfium, page: number, pixels: Pixels): boolean {
  return hasPictures(pdfium, page) === false && paperLike(pixels);
}
