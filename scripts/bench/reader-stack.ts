/**
 * The whole system on free ports with one converted book, for the reader bench to measure through the real gateway
 * (compression, caching, the page with the book inline): stores in a temporary folder, every service a process,
 * a PDF uploaded through the editor's upload flow and converted. Answers the book's reader URL and a stop function.
 */
import PDFDocument from "pdfkit";
import { startBenchStack } from "./bench-stack.js";

function pdf(pages: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (let page = 1; page <= pages; page += 1) {
      doc.addPage();
      doc.fontSize(36).text(`Chapter ${page}`, 60, 80);
      doc.fontSize(12).text("The quick brown fox jumps over the lazy dog. ".repeat(40), 60, 160, { width: 470 });
      doc.circle(300, 600, 60 + page * 4).fill(page % 2 ? "#2f6fd0" : "#d0702f");
    }
    doc.end();
  });
}

async function post(gatewayUrl: string, path: string, body: string | Blob, type = "application/x-www-form-urlencoded") {
  const response = await fetch(`${gatewayUrl}${path}`, { method: "POST", headers: { "content-type": type }, body });
  const reply = (await response.json()) as { code: string; msg: string; data: Record<string, unknown> };
  if (reply.code !== "OK") throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

export async function startReaderStack(pages = 12): Promise<{ url: string; stop(): Promise<void> }> {
  const { gatewayUrl, stop } = await startBenchStack("reader-stack");
  try {
    const bytes = await pdf(pages);
    const begun = (await post(
      gatewayUrl,
      "/api/book/begin-upload",
      new URLSearchParams({
        title: "Reader bench",
        files: JSON.stringify([{ name: "book.pdf", size: bytes.length, type: "application/pdf" }]),
      }).toString(),
    )) as { taskId: string; files: { fileId: string }[] };
    await post(
      gatewayUrl,
      `/api/book/upload-book-files?taskId=${begun.taskId}&fileId=${begun.files[0]?.fileId ?? ""}&offset=0`,
      new Blob([new Uint8Array(bytes)]),
      "application/octet-stream",
    );
    const ended = (await post(
      gatewayUrl,
      "/api/book/end-upload",
      new URLSearchParams({ taskId: begun.taskId }).toString(),
    )) as {
      number: string;
    };
    const started = Date.now();
    for (;;) {
      const progress = (await post(
        gatewayUrl,
        "/api/book/get-progress",
        new URLSearchParams({ taskId: begun.taskId }).toString(),
      )) as { phase: string };
      if (progress.phase === "ready") break;
      if (progress.phase === "error" || Date.now() - started > 180_000)
        throw new Error(`conversion: ${progress.phase}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return { url: `${gatewayUrl}/b/${ended.number}/1`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
