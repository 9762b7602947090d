/** What a file's first bytes say it is (magic bytes; the name and declared type are never trusted). */
export type Signature = "pdf" | "jpeg" | "png" | "bmp" | "zip" | "ole";

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pdfMarker = Buffer.from("%PDF-");
/** Readers accept the PDF header anywhere in the first KB (junk or a BOM may precede it). */
export const pdfHeaderWindow = 1024;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, index) => bytes[index] === value);
}

export function sniff(head: Uint8Array): Signature | undefined {
  if (Buffer.from(head.subarray(0, pdfHeaderWindow)).indexOf(pdfMarker) >= 0) return "pdf";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, png)) return "png";
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 14) return "bmp";
  // Office documents: OOXML and ODF are zips (PPTX, DOCX, ODP, ODT); PPT, PPS and DOC are OLE2 compound files.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return "zip";
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  return undefined;
}

/** Bytes needed before a first chunk can be judged. */
export const signatureBytes = 8;
