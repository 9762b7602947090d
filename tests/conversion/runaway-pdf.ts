/**
 * Crafted one-page PDFs of tens of KB that a renderer cannot take lightly: a page of `count` copies of one path
 * (deflated drawing operators).
 */
import { deflateSync } from "node:zlib";

/**
 * Never finishes rendering in reasonable time, in little memory: 20 000 full-page paths stroked with a dash of
 * half a point (about 1 KB deflated; PDFium drew 2 000 of them in 18 s on a busy machine, holding no more memory
 * than an empty page).
 */
export const runawayPdf = (paths = 20_000) =>
  pathsPdf(paths, "0 0 m 595 842 l 595 0 l 0 842 l S", "[0.5 0.5] 0 d 3 w\n");

/**
 * Explodes in memory: a million tiny filled triangles (about 50 KB) make PDFium hold a million page objects,
 * about 250 MB, though each draws in no time.
 */
export const memoryBombPdf = (paths = 1_000_000) => pathsPdf(paths, "0 0 m 1 0 l 1 1 l h f");

function pathsPdf(paths: number, path: string, prefix = ""): Buffer {
  const content = deflateSync(Buffer.from(`${prefix}${`${path}\n`.repeat(paths)}`), { level: 9 });
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(bytes);
    length += bytes.length;
  };
  const add = (n: number, dictionary: string, stream?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${dictionary}\n`);
    if (stream) {
      push("stream\n");
      push(stream);
      push("\nendstream\n");
    }
    push("endobj\n");
  };
  push("%PDF-1.7\n");
  add(1, "<< /Type /Catalog /Pages 2 0 R >>");
  add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>");
  add(4, `<< /Length ${content.length} /Filter /FlateDecode >>`, content);
  const xref = length;
  const entries = [1, 2, 3, 4].map((n) => `${String(offsets[n]).padStart(10, "0")} 00000 n \n`).join("");
  push(`xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
