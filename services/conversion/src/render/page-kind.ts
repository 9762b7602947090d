/**
 * What a page holds, read from its objects before it is drawn: pictures (images, shadings) make it a photo page
 * (JPEG or lossy WebP); a page of text and drawings whose every fill and stroke is grey, with no Type 3 text (its
 * glyphs may paint in colours of their own) and no annotation PDFium would draw but links, is drawn into one grey
 * byte a pixel (raster.ts); anything else is drawn in colour, and
 * its pixels decide between lossless WebP (text and flat drawings: a dense text page 19 KB lossless against 230 KB
 * lossy at about the same CPU time, no blur at any zoom) and lossy (pictures or gradients: a photo page is 1.4 MB
 * lossless and takes 20× longer).
 */

import { type Pdfium, readI32, withScratch } from "./pdfium.js";
import type { Pixels } from "./raster.js";

/** FPDFPageObj_GetType (fpdf_edit.h). */
const objectText = 1;
const objectPath = 2;
const objectImage = 3;
const objectShading = 4;
const objectForm = 5;
/** FPDFAnnot_GetSubtype (fpdf_annot.h): links have no appearance of their own. */
const annotationLink = 2;

/** Pages with more objects than this are not inspected further (drawn in colour, lossy). */
const maxObjects = 20_000;
/** Channels further apart than this make a colour (the grey of grey-levels.ts allows the same). */
const colourTolerance = 6;

export interface PageObjects {
  /** Images or shadings (also inside form XObjects); undefined when the page has too many objects to tell. */
  pictures: boolean | undefined;
  /** Every text and path object is drawn in grey, and no annotation but links: the page can be drawn in grey. */
  colourless: boolean;
  /** Annotations PDFium draws (form fields, stamps, notes; links have no appearance of their own). */
  annotations: boolean;
}

/** The native library's direct variant of FPDFPageObj_Get{Fill,Stroke}Color into JavaScript arrays. */
type ColourInto = (
  object: number,
  red: Uint32Array,
  green: Uint32Array,
  blue: Uint32Array,
  alpha: Uint32Array,
) => number;

/** A reader of an object's fill and stroke: true when both are grey (a colour PDFium cannot tell, e.g. a pattern, is not). */
function greyObjects(pdfium: Pdfium, scratch: number): (object: number) => boolean {
  const direct = pdfium as unknown as {
    TurnleafExt_FillColourInto?: ColourInto;
    TurnleafExt_StrokeColourInto?: ColourInto;
  };
  const channels = [new Uint32Array(1), new Uint32Array(1), new Uint32Array(1), new Uint32Array(1)] as const;
  const isGrey = (read: () => boolean, values: () => [number, number, number]) => {
    if (!read()) return false;
    const [red, green, blue] = values();
    return Math.max(red, green, blue) - Math.min(red, green, blue) <= colourTolerance;
  };
  const fromChannels = (): [number, number, number] => [channels[0][0] ?? 0, channels[1][0] ?? 0, channels[2][0] ?? 0];
  const fromScratch = (): [number, number, number] => [
    readI32(pdfium, scratch),
    readI32(pdfium, scratch + 4),
    readI32(pdfium, scratch + 8),
  ];
  const { TurnleafExt_FillColourInto: fillInto, TurnleafExt_StrokeColourInto: strokeInto } = direct;
  if (fillInto && strokeInto)
    return (object) =>
      isGrey(() => fillInto(object, ...channels) !== 0, fromChannels) &&
      isGrey(() => strokeInto(object, ...channels) !== 0, fromChannels);
  const at = [scratch, scratch + 4, scratch + 8, scratch + 12] as const;
  return (object) =>
    isGrey(() => pdfium.FPDFPageObj_GetFillColor(object, ...at), fromScratch) &&
    isGrey(() => pdfium.FPDFPageObj_GetStrokeColor(object, ...at), fromScratch);
}

/**
 * A reader of a text object's font: true for a Type 3 font, whose glyphs are little content streams that may set
 * their own colours (`d0`), whatever the text's fill says. PDFium tells no font's subtype, but counts a Type 3
 * font as embedded while it has no font program (font data of 0 bytes); every other font has one, embedded or
 * PDFium's own for a standard font. Each font is asked once a page.
 */
function type3Text(pdfium: Pdfium, written: number): (text: number) => boolean {
  const known = new Map<number, boolean>();
  return (text) => {
    const font = pdfium.FPDFTextObj_GetFont(text);
    if (!font) return true;
    let type3 = known.get(font);
    if (type3 === undefined) {
      type3 =
        Boolean(pdfium.FPDFFont_GetIsEmbedded(font)) &&
        Boolean(pdfium.FPDFFont_GetFontData(font, 0, 0, written)) &&
        readI32(pdfium, written) === 0;
      known.set(font, type3);
    }
    return type3;
  };
}

/** Does the page draw an annotation other than a link (form fields, stamps, notes)? */
function drawsAnnotations(pdfium: Pdfium, page: number): boolean {
  const count = pdfium.FPDFPage_GetAnnotCount(page);
  for (let index = 0; index < count; index++) {
    const annotation = pdfium.FPDFPage_GetAnnot(page, index);
    if (!annotation) return true;
    const subtype = pdfium.FPDFAnnot_GetSubtype(annotation);
    pdfium.FPDFPage_CloseAnnot(annotation);
    if (subtype !== annotationLink) return true;
  }
  return false;
}

export function inspectPage(pdfium: Pdfium, page: number): PageObjects {
  return withScratch(pdfium, 24, (scratch) => {
    const grey = greyObjects(pdfium, scratch);
    const type3 = type3Text(pdfium, scratch + 16);
    let seen = 0;
    let colourless = true;
    const visit = (count: number, at: (index: number) => number): boolean | undefined => {
      for (let index = 0; index < count; index++) {
        if (++seen > maxObjects) return undefined;
        const object = at(index);
        const type = pdfium.FPDFPageObj_GetType(object);
        if (type === objectImage || type === objectShading) return true;
        if (type === objectForm) {
          const inner = visit(pdfium.FPDFFormObj_CountObjects(object), (i) => pdfium.FPDFFormObj_GetObject(object, i));
          if (inner !== false) return inner;
        } else if (colourless && (type === objectText || type === objectPath))
          colourless = grey(object) && !(type === objectText && type3(object));
      }
      return false;
    };
    const pictures = visit(pdfium.FPDFPage_CountObjects(page), (index) => pdfium.FPDFPage_GetObject(page, index));
    const annotations = drawsAnnotations(pdfium, page);
    return { pictures, colourless: pictures === false && colourless && !annotations, annotations };
  });
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
