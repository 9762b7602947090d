/**
 * Draws a region of a PDF page at a given size with PDFium, AcroForm fields included (FPDF_FFLDraw: PDFium leaves
 * widgets out of a plain render once a form environment exists): into RGBA, or into one grey byte a pixel for a
 * page whose objects hold no colour (page-kind.ts), which PDFium draws in about 40 % of the time and every later
 * step reads a quarter of. (RGB, 3 bytes a pixel, drew 0.5-1 ms slower than RGBA a 1131×1600 photo page and its
 * rows need closing up; the JPEG encoder reads RGBA at the same cost, measured 2026-11-26.) The native library draws
 * straight into the array the encoders read; WebAssembly's pixels are copied out of its heap.
 */
import type { Region } from "../domain/plan.js";
import { type PdfiumDocument, readBytes, renderFlags } from "./pdfium.js";

/** Rows without padding: RGBA (4 bytes a pixel, the default), RGB (3: an image document's, from libvips) or grey (1). */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
  channels?: 1 | 3 | 4;
}

/** FPDFBitmap_CreateEx formats (fpdfview.h) and their bytes a pixel. */
const bitmapFormat = { grey: 1, rgba: 4 } as const;
const bytesPerPixel = { grey: 1, rgba: 4 } as const;

export type RasterColours = keyof typeof bitmapFormat;

export function rasterise(
  document: PdfiumDocument,
  page: number,
  region: Region,
  target: { width: number; height: number; scale: number },
  colours: RasterColours = "rgba",
  /** Draw the page's form fields (FPDF_FFLDraw, a few ms a page even without fields: page-kind.ts tells). */
  formFields = true,
): Pixels {
  const { pdfium, form } = document;
  const { width, height, scale } = target;
  const channels = bytesPerPixel[colours];
  const left = -Math.round(region.x * scale);
  const top = -Math.round(region.y * scale);
  const pageWidth = Math.round(pdfium.FPDF_GetPageWidthF(page) * scale);
  const pageHeight = Math.round(pdfium.FPDF_GetPageHeightF(page) * scale);
  const rowBytes = width * channels;
  const over = (pdfium as unknown as { TurnleafExt_BitmapOver?: BitmapOver }).TurnleafExt_BitmapOver;
  // The native library draws into the array itself, rows unpadded; WebAssembly draws into its heap.
  const pixels = over ? new Uint8Array(rowBytes * height) : undefined;
  const bitmap =
    over && pixels
      ? over(width, height, bitmapFormat[colours], pixels, rowBytes)
      : pdfium.FPDFBitmap_CreateEx(width, height, bitmapFormat[colours], 0, 0);
  if (!bitmap) throw new Error(`PDFium could not make a ${width}×${height} bitmap`);
  try {
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    // RGB(A) rather than BGR(A); on a grey bitmap PDFium draws nothing with this flag.
    const flags = renderFlags.annotations | (channels === 1 ? 0 : renderFlags.reverseByteOrder);
    pdfium.FPDF_RenderPageBitmap(bitmap, page, left, top, pageWidth, pageHeight, 0, flags);
    if (form && formFields) pdfium.FPDF_FFLDraw(form, bitmap, page, left, top, pageWidth, pageHeight, 0, flags);
    const data = pixels ?? copiedOut(document, bitmap, rowBytes, height);
    return { width, height, data, ...(channels === 4 ? {} : { channels }) };
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
}

/** The native library's FPDFBitmap_CreateEx over a JavaScript array (pdfium-native.ts). */
type BitmapOver = (width: number, height: number, format: number, pixels: Uint8Array, stride: number) => number;

/** A bitmap's pixels copied out of PDFium's memory, which the next page reuses; padded rows closed up. */
function copiedOut(document: PdfiumDocument, bitmap: number, rowBytes: number, height: number): Uint8Array {
  const { pdfium } = document;
  const stride = pdfium.FPDFBitmap_GetStride(bitmap);
  const data = readBytes(pdfium, pdfium.FPDFBitmap_GetBuffer(bitmap), stride * height);
  // Grey rows are padded to 4 bytes: close the gaps in place, row by row.
  if (stride !== rowBytes)
    for (let row = 1; row < height; row++) data.copyWithin(row * rowBytes, row * stride, row * stride + rowBytes);
  return data.subarray(0, rowBytes * height);
}
