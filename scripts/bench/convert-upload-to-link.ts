/**
 * From upload to a shareable link, as an owner gets it (issue 13: a 100-page PDF to a shareable link ≤ 5 s on 2
 * cores, page 1 readable in the reader ≤ 1.5 s after end-upload). The whole system as `npm start` runs it (every
 * service a process, embedded stores, 2 cores shared by all of them); each PDF is uploaded through the gateway's
 * upload flow (begin-upload, one chunk, end-upload), then, counted from end-upload's answer:
 *   page 1 readable  the reader's book.json lists page 1 and its main picture downloads through the gateway;
 *   link shareable   get-progress says `ready` (every page, the search index, the manifest written).
 * Beside it, in the same run, `pdftoppm -jpeg` (one process per core) turns the same PDF into JPEGs: the reference
 * for what the machine can render. Prints a table; asserts nothing.
 *
 * With --photos (issue 36: OCR never holds the book), the documents are one photo book (full-page photos, no
 * text) uploaded with search on and with search off: the link's time with search on should stay within 1.5× of
 * off; "search ready" is when get-progress stops saying the search is being prepared.
 *
 *   tsx scripts/bench/convert-upload-to-link.ts [--pages 100] [--runs 3] [--photos]
 */
import { writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { photo } from "../../tests/fixtures/pdf/generate.js";
import { startBenchStack } from "./bench-stack.js";
import { type BenchDocument, benchDocuments, bookDocument, build } from "./convert-documents.js";
import { ensurePoppler, number, pad, poppler } from "./convert-measure.js";
import { postToGateway as post, sendPdf } from "./upload-pdf.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "100" },
    runs: { type: "string", default: "3" },
    photos: { type: "boolean", default: false },
  },
});
const pageCount = Number(values.pages);
const runs = Number(values.runs);
const out = (line = "") => process.stdout.write(`${line}\n`);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Timing {
  uploadMs: number;
  pageOneMs: number;
  linkMs: number;
  /** When get-progress no longer says the search is being prepared (OCR done). */
  searchMs: number;
}

/** Uploads `bytes` as a new book and times page 1 and the link from end-upload's answer. */
async function convertOnce(
  gatewayUrl: string,
  title: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
): Promise<Timing> {
  const uploadStarted = performance.now();
  const taskId = await sendPdf(gatewayUrl, title, bytes, fields);
  const ended = (await post(gatewayUrl, "/api/book/end-upload", form({ taskId }))) as { number: string };
  const started = performance.now();
  const uploadMs = started - uploadStarted;
  let pageOneMs = 0;
  for (;;) {
    if (!pageOneMs) {
      const view = await fetch(`${gatewayUrl}/b/${ended.number}/book.json`);
      if (view.ok) {
        const book = (await view.json()) as { pages: { renditions: { width: number; url: string }[] }[] };
        const main = [...(book.pages[0]?.renditions ?? [])].sort((a, b) => b.width - a.width)[0];
        if (main) {
          const picture = await fetch(`${gatewayUrl}${main.url}`);
          if (picture.ok && (await picture.arrayBuffer()).byteLength > 0) pageOneMs = performance.now() - started;
        }
      }
    }
    const progress = (await post(gatewayUrl, "/api/book/get-progress", form({ taskId }))) as {
      phase: string;
      search?: string;
    };
    if (progress.phase === "ready" && pageOneMs) {
      const linkMs = performance.now() - started;
      // The search's own readiness, after the link (OCR of pages without a text layer).
      let searchMs = linkMs;
      for (let search = progress.search; search === "preparing"; ) {
        await pause(200);
        search = ((await post(gatewayUrl, "/api/book/get-progress", form({ taskId }))) as { search?: string }).search;
        searchMs = performance.now() - started;
        if (searchMs > 600_000) throw new Error(`${title}: search not ready after 600 s`);
      }
      return { uploadMs, pageOneMs, linkMs, searchMs };
    }
    if (progress.phase === "error") throw new Error(`${title}: conversion failed`);
    if (performance.now() - started > 180_000) throw new Error(`${title}: not ready after 180 s`);
    await pause(pageOneMs ? 100 : 25);
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

ensurePoppler(out);
/** A book of full-page photos without text, as a photo book or a scanned album arrives. */
async function photoBook(pages: number): Promise<Buffer> {
  const images = await Promise.all(
    Array.from({ length: Math.min(pages, 8) }, (_, index) => photo(1600, 2260, index + 1)),
  );
  return build(pages, (doc, index) => {
    doc.image(images[index % images.length] as Buffer, 0, 0, { width: 595.28, height: 841.89 });
  });
}

const importConfig = (search: boolean) => ({ pdfImportConfig: JSON.stringify({ importSearch: search ? "1" : "0" }) });
const { documents } = values.photos ? { documents: [] } : await benchDocuments(pageCount);
const photos = values.photos ? await photoBook(pageCount) : undefined;
const chosen: (BenchDocument & { fields?: Record<string, string> })[] = photos
  ? [
      { name: `photos ${pageCount} p, search off`, bytes: photos, fields: importConfig(false) },
      { name: `photos ${pageCount} p, search on`, bytes: photos, fields: importConfig(true) },
    ]
  : ([documents.find((document) => document.name.startsWith("text-heavy")), await bookDocument(pageCount)].filter(
      Boolean,
    ) as BenchDocument[]);
const stack = await startBenchStack("upload-to-link");
try {
  out(`From end-upload to page 1 and to the shareable link, the whole system on ${availableParallelism()} cores`);
  out(`load average at start ${(loadavg()[0] ?? 0).toFixed(1)}; ${runs} runs each, median (min-max)\n`);
  out(
    `${pad("document", 26)} | ${pad("upload ms", 10)} | ${pad("page 1 readable ms", 24)} | ${pad("link shareable ms", 24)} | ${pad("search ready ms", 24)} | ${pad("pages/s", 8)} | pdftoppm ×${availableParallelism()} ms`,
  );
  for (const document of chosen) {
    if (!document?.bytes) continue;
    // Warm-up: the first book of a fresh system also pays for the services' first requests.
    await convertOnce(stack.gatewayUrl, `warm-up ${document.name}`, document.bytes, document.fields);
    const timings: Timing[] = [];
    for (let run = 0; run < runs; run++)
      timings.push(await convertOnce(stack.gatewayUrl, `${document.name} ${run}`, document.bytes, document.fields));
    const path = join(tmpdir(), `turnleaf-upload-to-link-${process.pid}.pdf`);
    await writeFile(path, document.bytes);
    const reference = await poppler(
      "pdftoppm",
      path,
      pageCount,
      join(tmpdir(), `turnleaf-upload-to-link-${process.pid}`),
      {
        maxSide: 1600,
        workers: availableParallelism(),
      },
    );
    const spread = (pick: (timing: Timing) => number) => {
      const list = timings.map(pick);
      return `${number(median(list))} (${number(Math.min(...list))}-${number(Math.max(...list))})`;
    };
    out(
      `${pad(document.name, 26)} | ${pad(number(median(timings.map((timing) => timing.uploadMs))), 10)} | ${pad(
        spread((timing) => timing.pageOneMs),
        24,
      )} | ${pad(
        spread((timing) => timing.linkMs),
        24,
      )} | ${pad(
        spread((timing) => timing.searchMs),
        24,
      )} | ${pad(number(pageCount / (median(timings.map((timing) => timing.linkMs)) / 1000)), 8)} | ${number((pageCount / reference.pagesPerSecond) * 1000)}`,
    );
  }
  out(`\nload average at end ${(loadavg()[0] ?? 0).toFixed(1)}`);
} finally {
  await stack.stop();
}
