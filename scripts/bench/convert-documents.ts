/**
 * The documents the engine benchmark converts: kinds generated here with pdfkit (text-heavy, vector-heavy,
 * image-heavy, CJK when a CJK font is installed, a mixed 100-page book) and the real-world PDFs found on the
 * machine (Debian's documentation packages ship a few). Nothing is downloaded: where no real-world PDF is
 * installed, the table says so.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { officeToPdf } from "../../services/conversion/src/office/soffice.js";
import { flatPresentation, saveAs } from "../../tests/conversion/office-fixtures.js";
import { denseChart, mixedPdf, photo, ringsAndBars } from "../../tests/fixtures/pdf/generate.js";

export interface BenchDocument {
  name: string;
  /** A file on disk (real-world) or bytes to write (generated). */
  path?: string;
  bytes?: Buffer;
}

/** An A4 PDF of `pages` pages, each drawn by `draw` (pdfkit). */
export async function build(pages: number, draw: (doc: PDFKit.PDFDocument, index: number) => void): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  for (let index = 0; index < pages; index++) {
    doc.addPage({ size: [595.28, 841.89], margin: 50 });
    draw(doc, index);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const words =
  "conversion renders pages with the engine of a browser while the reader turns them and searches for words in " +
  "a catalogue of printed matter that publishers upload every day to share with their readers ";

const textHeavy = (pages: number) =>
  build(pages, (doc, index) => {
    doc
      .fontSize(18)
      .fillColor("#111111")
      .text(`Chapter ${index + 1}`);
    doc.fontSize(9).fillColor("#222222");
    for (let paragraph = 0; paragraph < 7; paragraph++) doc.text(words.repeat(4), { align: "justify" }).moveDown(0.3);
  });

const vectorHeavy = (pages: number) =>
  build(pages, (doc, index) =>
    ringsAndBars(doc, {
      ...denseChart,
      centre: [300, 300],
      barHeight: (bar) => 20 + ((bar * 37 + index * 11) % 200),
    }),
  );

async function imageHeavy(pages: number): Promise<Buffer> {
  const images = await Promise.all([photo(1600, 1100, 1), photo(1200, 1600, 2)]);
  return build(pages, (doc, index) => {
    doc.image(images[index % 2] as Buffer, 30, 30, { fit: [535, 780] });
  });
}

const cjkFont = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";

function cjk(pages: number): Promise<Buffer> | undefined {
  if (!existsSync(cjkFont)) return undefined;
  const sentence = "翻页电子书把文档变成可以翻阅的书，读者可以搜索文字、点击链接并在手机上阅读。";
  return build(pages, (doc, index) => {
    doc
      .font(cjkFont, "WenQuanYiMicroHei")
      .fontSize(20)
      .text(`第 ${index + 1} 章`);
    doc.fontSize(11);
    for (let paragraph = 0; paragraph < 8; paragraph++) doc.text(sentence.repeat(5)).moveDown(0.4);
  });
}

/** Real-world PDFs from Debian packages, when installed. */
const realWorld = [
  { name: "real: libtasn1 manual", path: "/usr/share/doc/libtasn1-doc/libtasn1.pdf" },
  { name: "real: shared-mime-info spec", path: "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf" },
];

/**
 * A presentation of `slides` slides saved as PPTX by LibreOffice, then made a PDF as a job does (the service's
 * officeToPdf): the PDF's bytes and what LibreOffice took (ms), which the job pays before its first page.
 */
export async function pptxDocument(slides: number): Promise<BenchDocument & { officeMs: number }> {
  const texts = Array.from(
    { length: slides },
    (_, index) => `Slide ${index + 1}: ${words.slice(0, 90)} — 翻页电子书 ${index + 1}`,
  );
  const pptx = await saveAs(flatPresentation(texts), "fodp", "pptx");
  const dir = await mkdtemp(join(tmpdir(), "turnleaf-bench-pptx-"));
  try {
    const input = join(dir, "source");
    await writeFile(input, pptx);
    const started = performance.now();
    const pdf = await officeToPdf(input, "pptx", dir, {
      soffice: "soffice",
      timeoutMs: 120_000,
      isolation: "none",
    });
    const officeMs = performance.now() - started;
    return { name: `PPTX ${slides} slides`, bytes: await readFile(pdf), officeMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A book of `pages` pages (300+ in bench:convert): half text pages, a quarter charts, a quarter photos. */
export const bookDocument = async (pages: number): Promise<BenchDocument> => ({
  name: `book ${pages} p`,
  bytes: await mixedPdf(pages),
});

export async function benchDocuments(pages: number): Promise<{ documents: BenchDocument[]; notes: string[] }> {
  const notes: string[] = [];
  const documents: BenchDocument[] = [
    { name: `text-heavy ${pages} p`, bytes: await textHeavy(pages) },
    { name: `vector-heavy ${pages} p`, bytes: await vectorHeavy(pages) },
    { name: `image-heavy ${pages} p`, bytes: await imageHeavy(pages) },
  ];
  const cjkBytes = cjk(pages);
  if (cjkBytes) documents.push({ name: `CJK text ${pages} p`, bytes: await cjkBytes });
  else notes.push(`no CJK font at ${cjkFont} (apt-get install fonts-wqy-microhei): CJK document skipped`);
  documents.push({ name: "mixed book 100 p", bytes: await mixedPdf(100) });
  const found = realWorld.filter((document) => existsSync(document.path));
  documents.push(...found);
  if (found.length === 0)
    notes.push("no real-world PDFs installed (Debian's libtasn1-doc / shared-mime-info ship some): generated only");
  return { documents, notes };
}
