/**
 * The trial watermark, drawn by PDFium: a one-page document the size of the picture, holding the diagonal text in
 * PDFium's built-in Helvetica, rendered over the page's pixels (no font file, no canvas library).
 */
import {
  free,
  malloc,
  type Pdfium,
  readBytes,
  readF32,
  renderFlags,
  wideString,
  withScratch,
  writeBytes,
} from "./pdfium.js";

const colour = { red: 200, green: 30, blue: 30, alpha: Math.round(0.28 * 255) };

function addText(
  pdfium: Pdfium,
  doc: number,
  page: number,
  text: string,
  size: number,
  centre: { x: number; y: number },
  angle: number,
  offsetBelow: number,
): void {
  const object = pdfium.FPDFPageObj_NewTextObj(doc, "Helvetica-Bold", size);
  const content = wideString(pdfium, text);
  try {
    pdfium.FPDFText_SetText(object, content);
  } finally {
    free(pdfium, content);
  }
  pdfium.FPDFPageObj_SetFillColor(object, colour.red, colour.green, colour.blue, colour.alpha);
  const [left, bottom, right, top] = withScratch(pdfium, 16, (box) => {
    pdfium.FPDFPageObj_GetBounds(object, box, box + 4, box + 8, box + 12);
    return [readF32(pdfium, box), readF32(pdfium, box + 4), readF32(pdfium, box + 8), readF32(pdfium, box + 12)];
  }) as [number, number, number, number];
  // Centre the text on the origin, move it below the main line, rotate, then move it to the page's centre.
  pdfium.FPDFPageObj_Transform(object, 1, 0, 0, 1, -(left + right) / 2, -(bottom + top) / 2 - offsetBelow);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  pdfium.FPDFPageObj_Transform(object, cos, sin, -sin, cos, centre.x, centre.y);
  pdfium.FPDFPage_InsertObject(page, object);
}

/** Draws the watermark over RGBA pixels (width × height × 4), in place. */
export function drawWatermark(pdfium: Pdfium, pixels: Uint8Array, width: number, height: number): void {
  const doc = pdfium.FPDF_CreateNewDocument();
  const page = pdfium.FPDFPage_New(doc, 0, width, height);
  const buffer = malloc(pdfium, pixels.length);
  try {
    const size = Math.max(12, Math.round(Math.min(width, height) / 9));
    const centre = { x: width / 2, y: height / 2 };
    // Bottom-left to top-right, in PDF space (y up).
    const angle = Math.atan2(height, width);
    addText(pdfium, doc, page, "TURNLEAF TRIAL", size, centre, angle, 0);
    addText(pdfium, doc, page, "made with an unregistered copy", Math.round(size / 3), centre, angle, size * 0.8);
    pdfium.FPDFPage_GenerateContent(page);
    writeBytes(pdfium, buffer, pixels);
    // FPDFBitmap_BGRA over the caller's pixels; reverse byte order makes it RGBA.
    const bitmap = pdfium.FPDFBitmap_CreateEx(width, height, 4, buffer, width * 4);
    pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, renderFlags.reverseByteOrder);
    pdfium.FPDFBitmap_Destroy(bitmap);
    pixels.set(readBytes(pdfium, buffer, pixels.length));
  } finally {
    free(pdfium, buffer);
    pdfium.FPDF_ClosePage(page);
    pdfium.FPDF_CloseDocument(doc);
  }
}
