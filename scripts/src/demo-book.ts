import PDFDocument from "pdfkit";
import type { Logger } from "pino";

/** The demo book of the local stack (the book service seeds it; this gives it pages). */
export const demoBook = { number: "demo0001", bookId: "6650c0ffee0000000000d001" } as const;

const chapters = [
  ["Turnleaf", "PDFs and images into page-flip books"],
  ["Upload", "Send a PDF, several merged, or images. Large files resume where they stopped."],
  ["Convert", "Every page becomes sharp WebP renditions, with selectable text, links and a contents tree."],
  ["Edit", "Tune the book's look in the editor and watch it change in the live preview."],
  ["Share", "A link, a QR code and an embed code for every book."],
  ["Read", "Turn pages by dragging a corner, clicking, swiping, the wheel or the keyboard."],
  ["Find", "Search the whole book; every page has its own address."],
  ["The end", "Thank you for reading."],
] as const;

// pdfkit takes hex colours (not hsl()): a cover, then pale tints.
const pageColours = ["#27466b", "#fdf3e7", "#eef6ee", "#eef3fb", "#fbeef3", "#f3f0fb", "#eefaf8", "#27466b"];

/** An eight-page demo PDF: a title, text to select and search, a contents outline and a link. */
export function demoPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [420, 595], autoFirstPage: false, info: { Title: "Turnleaf demo book" } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    chapters.forEach(([title, text], index) => {
      // A small bottom margin keeps the folio on its page (pdfkit starts a new page for text past the margin).
      doc.addPage({ size: [420, 595], margins: { top: 40, left: 40, right: 40, bottom: 16 } });
      doc.rect(0, 0, 420, 595).fill(pageColours[index % pageColours.length] as string);
      doc.outline.addItem(title);
      const dark = index === 0 || index === chapters.length - 1;
      doc
        .fillColor(dark ? "#ffffff" : "#1d2330")
        .fontSize(dark ? 44 : 30)
        .text(title, 40, dark ? 200 : 70);
      doc.moveDown().fontSize(15).text(text, { width: 340 });
      if (index === 1)
        doc.moveDown().fillColor("#1a56db").text("Turnleaf on the web", { link: "https://example.com/" });
      doc
        .fillColor(dark ? "#ffffff" : "#6b7280")
        .fontSize(11)
        .text(String(index + 1), 0, 555, { width: 420, align: "center" });
    });
    doc.end();
  });
}

/**
 * Gives the seeded demo book its pages through the same path a user takes (upload through the gateway, then the
 * conversion worker), once: a demo book that already has a revision is left as it is.
 */
export async function publishDemoBook(gatewayUrl: string, log: Logger): Promise<void> {
  const existing = await fetch(`${gatewayUrl}/b/${demoBook.number}/book.json`);
  if (existing.ok && ((await existing.json()) as { pageCount: number }).pageCount > 0) return;
  const pdf = await demoPdf();
  const call = async (path: string, body: string | Buffer, type = "application/x-www-form-urlencoded") => {
    const response = await fetch(`${gatewayUrl}${path}`, { method: "POST", headers: { "content-type": type }, body });
    const reply = (await response.json()) as { code: string; msg: string; data: Record<string, unknown> };
    if (reply.code !== "OK") throw new Error(`${path}: ${reply.code} ${reply.msg}`);
    return reply.data;
  };
  const task = (await call(
    "/api/book/begin-upload",
    new URLSearchParams({
      title: "Turnleaf demo book",
      overwrite: "1",
      bookId: demoBook.bookId,
      files: JSON.stringify([{ name: "turnleaf-demo.pdf", size: pdf.length, type: "application/pdf" }]),
    }).toString(),
  )) as { taskId: string; files: { fileId: string }[] };
  const fileId = task.files[0]?.fileId ?? "";
  await call(
    `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${fileId}&offset=0`,
    pdf,
    "application/octet-stream",
  );
  await call("/api/book/end-upload", new URLSearchParams({ taskId: task.taskId }).toString());
  log.info({ taskId: task.taskId }, "demo book uploaded; converting");
}
