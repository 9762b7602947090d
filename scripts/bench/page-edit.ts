/**
 * Page edits against full conversions (npm run bench:page-edit; options -- --pages 300 --insert 2 --workers 2):
 * on a real MinIO started for the run, a generated book is converted, then 2 pages are inserted in its middle the
 * way the service does it (the kept pages copied object by object, only the inserted ones rendered), a page is
 * deleted and the pages reordered; for reference the same book with the pages already in it is converted whole.
 * Prints wall time, CPU time of this process (every thread) and pages rendered; never fails on numbers.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { create } from "@bufbuild/protobuf";
import {
  ConversionJobRequestedSchema,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { createLogger, createS3Client, ensureBuckets } from "@turnleaf/kit";
import { pino } from "pino";
import { BookStore } from "../../services/conversion/dist/data/book-store.js";
import { convertJob } from "../../services/conversion/dist/pipeline/convert-job.js";
import { editPages } from "../../services/conversion/dist/pipeline/edit-pages.js";
import { warmUp } from "../../services/conversion/dist/render/page-renderer.js";
import { createRenderPool } from "../../services/conversion/dist/render/pool.js";
import { labelledPdf, mixedPdf } from "../../tests/fixtures/pdf/generate.js";
import { startStores } from "../src/stores.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "300" },
    insert: { type: "string", default: "2" },
    workers: { type: "string", default: "2" },
    "max-side": { type: "string", default: "1600" },
  },
});
const pageCount = Number(values.pages);
const inserted = Number(values.insert);
const print = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-bench-page-edit-"));
const stores = await startStores({ dataDir, log: pino({ level: "warn" }) });
const s3 = createS3Client(stores.s3);
const buckets = { sources: "bench-page-edit-sources", books: "bench-page-edit-books" };
const log = createLogger({ service: "bench", level: "warn" });
await ensureBuckets(s3, [buckets.sources, buckets.books], stores.s3.region, log);
const store = new BookStore(s3, buckets);
const pool = createRenderPool(Number(values.workers));
await Promise.all([warmUp(), pool.release("")]);

const put = async (key: string, bytes: Buffer) => {
  await s3.putObject(buckets.sources, key, bytes, bytes.length, { "Content-Type": "application/pdf" });
  return { key, kind: SourceKind.PDF, displayName: key, sizeBytes: BigInt(bytes.length) };
};
const options = { engine: Engine.HD_TEXT, maxSidePx: Number(values["max-side"]), quality: 85, importSearch: true };
const deps = {
  store,
  pool,
  log,
  settings: { webpEffort: 2 },
  keepAlive: () => undefined,
  onProgress: async () => undefined,
};

interface Row {
  what: string;
  pages: number;
  rendered: number;
  wallMs: number;
  cpuMs: number;
}
const rows: Row[] = [];
async function measure(what: string, rendered: number, work: () => Promise<{ pageCount: number }>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  rows.push({
    what,
    pages: result.pageCount,
    rendered,
    wallMs: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
  });
}

try {
  const base = await put("base.pdf", await mixedPdf(pageCount));
  const extra = await put("insert.pdf", await labelledPdf("NEW", inserted));
  const whole = await put("whole.pdf", await mixedPdf(pageCount + inserted));
  const middle = Math.floor(pageCount / 2) + 1;
  const keep = (page: number) => ({ basePage: page, insertedPage: 0 });

  await measure(`convert the ${pageCount}-page book (revision 1)`, pageCount, () =>
    convertJob(
      create(ConversionJobRequestedSchema, { jobId: "base", bookId: "bench", revision: 1, sources: [base], options }),
      deps,
    ),
  );
  const layout = [
    ...Array.from({ length: middle - 1 }, (_, index) => keep(index + 1)),
    ...Array.from({ length: inserted }, (_, index) => ({ basePage: 0, insertedPage: index + 1 })),
    ...Array.from({ length: pageCount - middle + 1 }, (_, index) => keep(middle + index)),
  ];
  await measure(`insert ${inserted} pages at ${middle} (page edit, revision 2)`, inserted, () =>
    editPages(
      create(ConversionJobRequestedSchema, {
        jobId: "insert",
        bookId: "bench",
        revision: 2,
        sources: [extra],
        options,
        pageEdit: { baseRevision: 1, pages: layout },
      }),
      deps,
    ),
  );
  await measure("delete 1 page (page edit, revision 3)", 0, () =>
    editPages(
      create(ConversionJobRequestedSchema, {
        jobId: "delete",
        bookId: "bench",
        revision: 3,
        pageEdit: { baseRevision: 2, pages: Array.from({ length: layout.length - 1 }, (_, index) => keep(index + 2)) },
      }),
      deps,
    ),
  );
  const count = layout.length - 1;
  await measure("reverse the page order (page edit, revision 4)", 0, () =>
    editPages(
      create(ConversionJobRequestedSchema, {
        jobId: "move",
        bookId: "bench",
        revision: 4,
        pageEdit: { baseRevision: 3, pages: Array.from({ length: count }, (_, index) => keep(count - index)) },
      }),
      deps,
    ),
  );
  await measure(`reference: convert the ${pageCount + inserted}-page book whole`, pageCount + inserted, () =>
    convertJob(
      create(ConversionJobRequestedSchema, {
        jobId: "whole",
        bookId: "bench-whole",
        revision: 1,
        sources: [whole],
        options,
      }),
      deps,
    ),
  );

  print(`page edits on MinIO, ${values.workers} render threads, max side ${values["max-side"]} px`);
  print("| what | pages after | pages rendered | wall s | CPU s |");
  print("| --- | --- | --- | --- | --- |");
  for (const row of rows) {
    print(
      `| ${row.what} | ${row.pages} | ${row.rendered} | ${(row.wallMs / 1000).toFixed(2)} | ${(row.cpuMs / 1000).toFixed(2)} |`,
    );
  }
  const edit = rows[1] as Row;
  const reference = rows[4] as Row;
  print(
    `insert vs whole conversion: ${(reference.wallMs / edit.wallMs).toFixed(1)}× less wall time, ${(reference.cpuMs / edit.cpuMs).toFixed(1)}× less CPU`,
  );
} finally {
  await pool.close();
  await stores.stop();
  await rm(dataDir, { recursive: true, force: true });
}
