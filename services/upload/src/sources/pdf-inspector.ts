import { loadPdfjs } from "@turnleaf/kit/pdfjs";

/** Reads a byte range of a stored file: pdf.js asks only for the pieces it needs (trailer, xref, page tree). */
export type RangeReader = (begin: number, end: number) => Promise<Uint8Array>;

export type PdfInspection =
  | { outcome: "ok"; pages: number; protected: boolean }
  | { outcome: "password-needed" }
  | { outcome: "password-incorrect" }
  | { outcome: "unreadable"; reason: string };

/** pdf.js PasswordException codes. */
const needPassword = 1;
const rangeChunkSize = 256 * 1024;

/** pdf.js's range transport over a stored file: it asks for a range, the stored file's bytes answer it. */
function storedRange(
  { PDFDataRangeTransport }: Awaited<ReturnType<typeof loadPdfjs>>,
  length: number,
  read: RangeReader,
) {
  const range = new PDFDataRangeTransport(length, null);
  range.requestDataRange = (begin: number, end: number) => {
    read(begin, end).then(
      (chunk) => range.onDataRange(begin, chunk),
      () => range.abort(),
    );
  };
  return range;
}

async function open(length: number, read: RangeReader, password: string) {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    range: storedRange(pdfjs, length, read),
    length,
    rangeChunkSize,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: 0,
    ...(password ? { password } : {}),
  });
  try {
    const document = await task.promise;
    return { kind: "open", pages: document.numPages } as const;
  } catch (error) {
    const failure = error as { name?: string; code?: number; message?: string };
    if (failure.name === "PasswordException") {
      return { kind: "locked", needed: failure.code === needPassword } as const;
    }
    return { kind: "unreadable", reason: failure.message ?? String(error) } as const;
  } finally {
    await task.destroy();
  }
}

/**
 * Counts a PDF's pages and tells whether it is protected by a password, reading the stored file by ranges (never
 * whole into memory). A protected file is opened again with the password given: pdf.js says whether it is right.
 */
export async function inspectPdf(length: number, read: RangeReader, password: string): Promise<PdfInspection> {
  const plain = await open(length, read, "");
  if (plain.kind === "open") return { outcome: "ok", pages: plain.pages, protected: false };
  if (plain.kind === "unreadable") return { outcome: "unreadable", reason: plain.reason };
  if (password === "") return { outcome: "password-needed" };
  const unlocked = await open(length, read, password);
  if (unlocked.kind === "open") return { outcome: "ok", pages: unlocked.pages, protected: true };
  if (unlocked.kind === "unreadable") return { outcome: "unreadable", reason: unlocked.reason };
  return { outcome: "password-incorrect" };
}
