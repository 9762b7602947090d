/**
 * A PDF of about 100 KB whose one page never finishes rendering in reasonable time: a million full-page stroked
 * paths (90 MB of drawing operators, deflated). poppler and PDFium both spend minutes on it.
 */
import { deflateSync } from "node:zlib";

export function runawayPdf(paths = 1_000_000): Buffer {
  const content = deflateSync(Buffer.from("0 0 m 595 842 l 595 0 l 0 842 l S\n".repeat(paths)));
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
