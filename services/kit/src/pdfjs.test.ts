import { describe, expect, it } from "vitest";
import { loadPdfjs } from "./pdfjs.js";

// Taken before pdf.js loads (core-js makes its replacements print as native code, so only identity tells).
const { stringify, parse } = JSON;
const { push } = Array.prototype;

/** A two-page PDF written by hand (pdf.js rebuilds the cross-reference table it lacks). */
const twoPages = new TextEncoder().encode(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >> endobj",
    "4 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
  ].join("\n"),
);

describe("pdf.js loaded without its polyfills' replacements", () => {
  it("leaves JSON and Array.prototype.push native, keeps what the polyfills add, and still reads a PDF", async () => {
    const pdfjs = await loadPdfjs();
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
    expect(Array.prototype.push).toBe(push);
    // Added by pdf.js's polyfills on Node 20 (native on newer Node), and used by pdf.js itself.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe("function");
    const document = await pdfjs.getDocument({ data: twoPages.slice(), verbosity: 0, isEvalSupported: false }).promise;
    expect(document.numPages).toBe(2);
    const second = await document.getPage(2);
    expect(second.getViewport({ scale: 1 }).width).toBe(300);
    await document.destroy();
    expect(JSON.stringify).toBe(stringify);
  });

  it("is the same module on every call", async () => {
    expect(await loadPdfjs()).toBe(await loadPdfjs());
  });
});
