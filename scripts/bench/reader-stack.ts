/**
 * The whole system on free ports with one converted book, for the reader bench to measure through the real gateway
 * (compression, caching, the page with the book inline): stores in a temporary folder, every service a process,
 * a PDF uploaded through the editor's upload flow and converted. Answers the book's reader URL and a stop function.
 */
import PDFDocument from "pdfkit";
import { startBenchStack } from "./bench-stack.js";
import { postToGateway as post, sendPdf } from "./upload-pdf.js";

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

export async function startReaderStack(pages = 12): Promise<{ url: string; stop(): Promise<void> }> {
  const { gatewayUrl, stop } = await startBenchStack("reader-stack");
  try {
    const taskId = await sendPdf(gatewayUrl, "Reader bench", await pdf(pages));
    const ended = (await post(gatewayUrl, "/api/book/end-upload", new URLSearchParams({ taskId }).toString())) as {
      number: string;
    };
    const started = Date.now();
    for (;;) {
      const progress = (await post(
        gatewayUrl,
        "/api/book/get-progress",
        new URLSearchParams({ taskId }).toString(),
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
