/**
 * What the upload and batch-upload screens accept: PDFs, presentations and documents (converted to PDF by
 * LibreOffice on the server) and images. The server checks every file's bytes; this only shapes the file picker.
 */
const types: Record<string, string> = {
  pdf: "application/pdf",
  ppt: "application/vnd.ms-powerpoint",
  pps: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ppsx: "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
  odp: "application/vnd.oasis.opendocument.presentation",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  odt: "application/vnd.oasis.opendocument.text",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** The file input's accept attribute: every extension and its media type. */
export const uploadAccept = [
  ...Object.keys(types).map((extension) => `.${extension}`),
  ...new Set(Object.values(types)),
].join(",");

/** A file's media type: the browser's, else the one its extension names. */
export function mediaTypeOf(name: string): string | undefined {
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return types[extension];
}
