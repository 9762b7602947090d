/**
 * Draws a region of a PDF page into RGBA at a given size with PDFium, AcroForm fields included (FPDF_FFLDraw:
 * PDFium leaves widgets out of a plain render once a form environment exists). The pixels are copied out of the
 * WebAssembly heap, which the next page reuses.
 */
import type { Region } from "../domain/plan.js";
import { type PdfiumDocument, readBytes, renderFlags } from "./pdfium.js";

/** RGBA, 4 bytes a pixel, rows without padding. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

export function rasterise(
  document: PdfiumDocument,
  page: number,
  region: Region,
  target: { width: number; height: number; scale: number },
): Pixels {
  const { pdfium, form } = document;
  const { width, height, scale } = target;
  const left = -Math.round(region.x * scale);
  const top = -Math.round(region.y * scale);
  const pageWidth = Math.round(pdfium.FPDF_GetPageWidthF(page) * scale);
  const pageHeight = Math.round(pdfium.FPDF_GetPageHeightF(page) * scale);
  const bitmap = pdfium.FPDFBitmap_Create(width, height, 1);
  if (!bitmap) throw new Error(`PDFium could not make a ${width}×${height} bitmap`);
  try {
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    const flags = renderFlags.annotations | renderFlags.reverseByteOrder;
    pdfium.FPDF_RenderPageBitmap(bitmap, page, left, top, pageWidth, pageHeight, 0, flags);
    if (form) pdfium.FPDF_FFLDraw(form, bitmap, page, left, top, pageWidth, pageHeight, 0, flags);
    const buffer = pdfium.FPDFBitmap_GetBuffer(bitmap);
    const stride = pdfium.FPDFBitmap_GetStride(bitmap);
    if (stride === width * 4) return { width, height, data: readBytes(pdfium, buffer, width * height * 4) };
    const data = new Uint8Array(width * height * 4);
    for (let row = 0; row < height; row++)
      data.set(readBytes(pdfium, buffer + row * stride, width * 4), row * width * 4);
    return { width, height, data };
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
}
