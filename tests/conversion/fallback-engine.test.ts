/**
 * The fallback engine (#36): sources PDFium refuses are drawn by pdf.js, chosen per document, said in the log and
 * in turnleaf_conversion_sources_total{engine="pdfjs"}. The documents are made here: an encrypted PDF (standard
 * security handler, revision 4, AES and RC4) whose strings use the Identity crypt filter while its streams use
 * StdCF (PDFium's security handler refuses StmF ≠ StrF and reports a wrong password; qpdf encrypts, the filter
 * names are then swapped byte for byte), and a PDF cut short inside its trailer (poppler and pdf.js read it).
 * Both go through the real stack: MinIO, JetStream, the job consumer and render processes with native PDFium when
 * the machine has it (threads with WebAssembly otherwise).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import {
  type ConversionJobProgressed,
  ConversionJobState,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { failureMessages, type PageText } from "@turnleaf/conversion/in-process";
import { createRenderPool, nativeLibraryPath, openDocument, type RenderPool } from "@turnleaf/conversion/render";
import { createLogger, metricsRegistry, type RunningConsumer } from "@turnleaf/kit";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf, richPdf } from "../fixtures/pdf/generate.js";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;
const logLines: { msg?: string; engine?: string; pdfiumRefusal?: string }[] = [];
const folder = mkdtempSync(join(tmpdir(), "turnleaf-fallback-"));

beforeAll(async () => {
  harness = await createHarness();
  const library = nativeLibraryPath();
  pool = createRenderPool(1, library ? { pdfium: { engine: "native", library } } : {});
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  consumer = await startTestConsumer(harness, pool, {
    durable: "fallback",
    log: createLogger({ service: "conversion-test", level: "info" }, sink),
  });
});

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** qpdf's revision-4 encryption, then strings switched to the Identity filter (same byte length, offsets hold). */
function mixedFilterPdf(plain: Buffer, password: string, cipher: "aes" | "rc4"): Buffer {
  const input = join(folder, `plain-${cipher}.pdf`);
  const output = join(folder, `encrypted-${cipher}.pdf`);
  writeFileSync(input, plain);
  execFileSync("qpdf", [
    "--allow-weak-crypto",
    "--object-streams=disable",
    "--encrypt",
    password,
    `${password}-owner`,
    "128",
    `--use-aes=${cipher === "aes" ? "y" : "n"}`,
    // RC4 with 128-bit keys is revision 3 unless V4 (crypt filters) is asked for.
    ...(cipher === "rc4" ? ["--force-V4"] : []),
    "--",
    input,
    output,
  ]);
  const text = readFileSync(output).toString("latin1");
  const filters = "/StmF /StdCF /StrF /StdCF";
  expect(text).toContain(filters);
  expect(text).toContain("/R 4");
  return Buffer.from(text.replace(filters, "/StmF/StdCF/StrF/Identity"), "latin1");
}

/** The PDF cut right after its trailer's /Root entry: no end of the trailer, no startxref, no %%EOF. */
function cutInTrailer(pdf: Buffer): Buffer {
  const text = pdf.toString("latin1");
  const root = text.indexOf("/Root", text.lastIndexOf("trailer"));
  return pdf.subarray(0, text.indexOf(" R", root) + 2);
}

const final = (events: ConversionJobProgressed[]) => events.at(-1) as ConversionJobProgressed;

async function convert(bytes: Buffer, password = "", options: Record<string, unknown> = {}) {
  const jobId = uniqueId();
  const bookId = `b${uniqueId()}`;
  const source = {
    key: await harness.upload(bytes),
    kind: SourceKind.PDF,
    displayName: "book.pdf",
    password,
    sizeBytes: 0n,
  };
  const events = harness.events(jobId);
  await harness.publishJob({
    jobId,
    bookId,
    revision: 1,
    sources: [source],
    options: { maxSidePx: 800, quality: 85, importSearch: true, ...options },
    trial: false,
  });
  return { bookId, events: await events };
}

async function pageText(bookId: string, n: number): Promise<string> {
  const text = (await harness.store.getJson(`books/${bookId}/r1/text/${n}.json`)) as PageText;
  return text.items.map((item) => item.text).join(" ");
}

/** The main rendition of a page has ink where the page's words are (not a blank page). */
async function inkOf(bookId: string, n: number): Promise<number> {
  const manifest = await harness.manifest(bookId, 1);
  const key = Object.values(manifest?.pages[n - 1]?.webp ?? {})[0] as string;
  const { data } = await sharp(await harness.object(`books/${bookId}/r1/${key}`))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data.filter((value) => value < 128).length / data.length;
}

async function pdfjsSources(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric("turnleaf_conversion_sources_total")?.get();
  return metric?.values.find((value) => value.labels.engine === "pdfjs")?.value ?? 0;
}

async function pdfiumRefuses(bytes: Buffer, password: string): Promise<string> {
  try {
    (await openDocument(new Uint8Array(bytes), password)).close();
    return "opened";
  } catch (error) {
    return (error as Error).name;
  }
}

// Three conversions a case, pdf.js loaded in the render process on the first: room for a busy machine.
describe("the pdf.js fallback", { timeout: 120_000 }, () => {
  it.each(["aes", "rc4"] as const)(
    "converts a revision-4 %s PDF whose strings use another crypt filter, with its user password",
    async (cipher) => {
      const bytes = mixedFilterPdf(await labelledPdf("K", 2), "user-pw", cipher);
      // What the users saw: PDFium calls it a wrong password even with the right one.
      expect(await pdfiumRefuses(bytes, "user-pw")).toBe("PdfPasswordError");
      const before = await pdfjsSources();

      const { bookId, events } = await convert(bytes, "user-pw");
      expect(final(events).state).toBe(ConversionJobState.COMPLETED);
      expect((await harness.manifest(bookId, 1))?.pageCount).toBe(2);
      expect(await pageText(bookId, 1)).toContain("PAGE K1");
      expect(await pageText(bookId, 2)).toContain("PAGE K2");
      expect(await inkOf(bookId, 2)).toBeGreaterThan(0.002);
      expect(await pdfjsSources()).toBe(before + 1);
      expect(logLines).toContainEqual(
        expect.objectContaining({
          msg: "PDFium refused the source: pdf.js draws it",
          engine: "pdfjs",
          pdfiumRefusal: "PdfPasswordError",
        }),
      );

      // pdf.js holds the password too: a wrong or missing one is still answered as one.
      for (const wrong of ["nope", ""]) {
        const refused = await convert(bytes, wrong);
        expect(final(refused.events)).toMatchObject({
          state: ConversionJobState.FAILED,
          message: failureMessages.incorrectPassword,
        });
      }
    },
  );

  it("converts a PDF cut short inside its trailer, with its outline and links", async () => {
    const bytes = cutInTrailer(await richPdf());
    expect(await pdfiumRefuses(bytes, "")).toBe("PdfReadError");
    const before = await pdfjsSources();

    const { bookId, events } = await convert(bytes, "", { importToc: true, importLinks: true });
    expect(final(events).state).toBe(ConversionJobState.COMPLETED);
    const manifest = await harness.manifest(bookId, 1);
    expect(manifest?.pageCount).toBe(3);
    expect(manifest?.outline?.map((entry) => [entry.title, entry.page])).toEqual([
      ["Chapter One", 1],
      ["Chapter Two", 2],
    ]);
    const links = manifest?.pages[0]?.links ?? [];
    expect(links.find((link) => link.url)?.url).toBe("https://turnleaf.example/docs");
    expect(links.find((link) => link.page)?.page).toBe(3);
    expect(await pageText(bookId, 1)).toContain("Chapter One");
    expect(await inkOf(bookId, 1)).toBeGreaterThan(0.002);
    expect(await pdfjsSources()).toBe(before + 1);
    expect(logLines).toContainEqual(
      expect.objectContaining({ engine: "pdfjs", pdfiumRefusal: "conversion.reason.format" }),
    );
  });

  it("keeps PDFium for every source it opens", async () => {
    const before = await pdfjsSources();
    const { events } = await convert(await labelledPdf("N", 1));
    expect(final(events).state).toBe(ConversionJobState.COMPLETED);
    expect(await pdfjsSources()).toBe(before);
  });
});
