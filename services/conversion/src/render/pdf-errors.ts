/** Failures of reading a PDF, recognised by name across the worker-thread boundary. */

/** The source needs a password (none given, or the given one is wrong). */
export class PdfPasswordError extends Error {
  constructor() {
    super("Incorrect Password!");
    this.name = "PdfPasswordError";
  }
}

/** The bytes are not a PDF PDFium can read. */
export class PdfReadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PdfReadError";
  }
}
