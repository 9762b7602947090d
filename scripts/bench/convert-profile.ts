/**
 * Where a page's CPU goes in a conversion job (asserts nothing): one thread, native PDFium (WebAssembly when the
 * library is missing), the bench's documents, each stage of a page timed by process CPU time (which holds on a
 * busy machine better than wall time): opening the page, drawing the main pixels and the thumbnail, the lossless
 * check, text runs, links, each encoder (the job's choice and the alternatives), the render process's reply over
 * IPC (structured clone, both ends), and the writes to MinIO (client CPU and wall time; MinIO started for the run).
 *
 * Usage: node --conditions=source --import tsx scripts/bench/convert-profile.ts [--pages 10] [--max-side 1600]
 *   [--only text] [--skip-minio]
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { deserialize, serialize } from "node:v8";
import { createLogger, createS3Client, ensureBuckets } from "@turnleaf/kit";
import { pino } from "pino";
import sharp from "sharp";
import { BookStore } from "../../services/conversion/src/data/book-store.js";
import { planBook } from "../../services/conversion/src/domain/plan.js";
import { renditionSizes } from "../../services/conversion/src/domain/renditions.js";
import { encodePage, rawInput } from "../../services/conversion/src/render/encode.js";
import { greyPng } from "../../services/conversion/src/render/grey-png.js";
import { jpegOf } from "../../services/conversion/src/render/jpeg.js";
import { inspectPage, paperLike } from "../../services/conversion/src/render/page-kind.js";
import { readLinks } from "../../services/conversion/src/render/pdf-links.js";
import { readTextRuns } from "../../services/conversion/src/render/pdf-text.js";
import {
  loadPdfium,
  openDocument,
  pageTransform,
  selectPdfium,
  withPage,
} from "../../services/conversion/src/render/pdfium.js";
import { choosePdfium } from "../../services/conversion/src/render/pdfium-native-library.js";
import { rasterise } from "../../services/conversion/src/render/raster.js";
import { oneVipsThreadPerOperation } from "../../services/conversion/src/render/sharp.js";
import { deriveRendition } from "../../services/gateway/src/rendition-derive.js";
import { startStores } from "../src/stores.js";
import { benchDocuments, bookDocument } from "./convert-documents.js";
import { pad } from "./convert-measure.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "10" },
    "max-side": { type: "string", default: "1600" },
    only: { type: "string", default: "" },
    "skip-minio": { type: "boolean", default: false },
  },
});
const maxSide = Number(values["max-side"]);
const out = (line = "") => process.stdout.write(`${line}\n`);

const choice = choosePdfium("auto");
selectPdfium(choice);
oneVipsThreadPerOperation();
const pdfium = await loadPdfium();

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

type Stages = Map<string, { cpu: number; wall: number; count: number }>;

function timer(stages: Stages) {
  const add = (name: string, cpu: number, wall: number) => {
    const stage = stages.get(name) ?? { cpu: 0, wall: 0, count: 0 };
    stage.cpu += cpu;
    stage.wall += wall;
    stage.count++;
    stages.set(name, stage);
  };
  return {
    sync<T>(name: string, run: () => T): T {
      const cpu = cpuNow();
      const wall = performance.now();
      const result = run();
      add(name, cpuNow() - cpu, performance.now() - wall);
      return result;
    },
    async async<T>(name: string, run: () => Promise<T>): Promise<T> {
      const cpu = cpuNow();
      const wall = performance.now();
      const result = await run();
      add(name, cpuNow() - cpu, performance.now() - wall);
      return result;
    },
  };
}

/** Encoder alternatives on the main pixels: [name, encode]; each answers bytes. */
const alternatives: [string, (pixels: { width: number; height: number; data: Uint8Array }) => Promise<Buffer>][] = [
  ["alt webp lossy q75 effort 0", (p) => rawInput(p).webp({ quality: 75, effort: 0 }).toBuffer()],
  ["alt webp lossy q75 effort 1", (p) => rawInput(p).webp({ quality: 75, effort: 1 }).toBuffer()],
  ["alt webp lossy q75 effort 2", (p) => rawInput(p).webp({ quality: 75, effort: 2 }).toBuffer()],
  ["alt webp lossy q75 effort 3", (p) => rawInput(p).webp({ quality: 75, effort: 3 }).toBuffer()],
  [
    "alt webp lossy effort 2 smartSubsample",
    (p) => rawInput(p).webp({ quality: 75, effort: 2, smartSubsample: true }).toBuffer(),
  ],
  ["alt webp lossless RGB effort 1", (p) => rawInput(p).webp({ lossless: true, effort: 1 }).toBuffer()],
  [
    "alt webp lossless RGB effort 1 q25",
    (p) => rawInput(p).webp({ lossless: true, effort: 1, quality: 25 }).toBuffer(),
  ],
  ["alt webp lossless grey16 effort 0", (p) => grey(p, 16).webp({ lossless: true, effort: 0 }).toBuffer()],
  ["alt webp lossless grey16 effort 1", (p) => grey(p, 16).webp({ lossless: true, effort: 1 }).toBuffer()],
  ["alt png grey16 4 bit", (p) => grey(p, 16).png({ palette: true, colours: 16, effort: 1 }).toBuffer()],
  [
    "alt png grey16 4 bit, no palette, zlib 1",
    (p) => grey(p, 16).png({ palette: false, colours: 16, compressionLevel: 1 }).toBuffer(),
  ],
  [
    "alt png grey16 4 bit, no palette, zlib 1, adaptive filter",
    (p) => grey(p, 16).png({ palette: false, colours: 16, compressionLevel: 1, adaptiveFiltering: true }).toBuffer(),
  ],
  [
    "alt png grey16 4 bit, no palette, zlib 6",
    (p) => grey(p, 16).png({ palette: false, colours: 16, compressionLevel: 6 }).toBuffer(),
  ],
  ["alt png grey16 4 bit, own writer, zlib 1", async (p) => greyPng(greyRaw(p, 16), p.width, p.height, 1)],
  ["alt png grey16 4 bit, own writer, zlib 3", async (p) => greyPng(greyRaw(p, 16), p.width, p.height, 3)],
  ["alt png grey16 4 bit, own writer, zlib 6", async (p) => greyPng(greyRaw(p, 16), p.width, p.height, 6)],
  ["alt png grey16 8 bit, zlib 1", (p) => grey(p, 16).png({ palette: false, compressionLevel: 1 }).toBuffer()],
  ["alt jpeg grey 1 channel q75", (p) => grey(p, 256).jpeg({ quality: 75 }).toBuffer()],
  ["alt jpeg grey 1 channel q82", (p) => grey(p, 256).jpeg({ quality: 82 }).toBuffer()],
  ["alt jpeg q80 4:2:0 baseline", (p) => rawInput(p).jpeg({ quality: 80, chromaSubsampling: "4:2:0" }).toBuffer()],
  ["alt jpeg q82 4:2:0 baseline", (p) => rawInput(p).jpeg({ quality: 82, chromaSubsampling: "4:2:0" }).toBuffer()],
  ["alt jpeg q75 TurboJPEG (photo pages: render/jpeg.ts)", async (p) => jpegOf(p, 75)],
  ["alt jpeg q75", (p) => rawInput(p).jpeg({ quality: 75 }).toBuffer()],
  ["alt jpeg q75 optimiseCoding", (p) => rawInput(p).jpeg({ quality: 75, optimiseCoding: true }).toBuffer()],
  ["alt mozjpeg q75", (p) => rawInput(p).jpeg({ quality: 75, mozjpeg: true }).toBuffer()],
];

/** Grey levels computed in JS from RGBA (PDFium could draw them directly), quantised to `levels`. */
function grey(pixels: { width: number; height: number; data: Uint8Array }, levels: number) {
  return sharp(greyRaw(pixels, levels), { raw: { width: pixels.width, height: pixels.height, channels: 1 } });
}

function greyRaw(pixels: { width: number; height: number; data: Uint8Array }, levels: number) {
  const out = new Uint8Array(pixels.width * pixels.height);
  const step = 256 / levels;
  const d = pixels.data;
  for (let i = 0, j = 0; i < d.length; i += 4, j++) {
    const y = ((d[i] as number) * 77 + (d[i + 1] as number) * 150 + (d[i + 2] as number) * 29) >> 8;
    out[j] = levels === 256 ? y : Math.round(Math.floor(y / step) * (255 / (levels - 1)));
  }
  return out;
}

const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-convert-profile-"));
const stores = values["skip-minio"] ? undefined : await startStores({ dataDir, log: pino({ level: "warn" }) });
let store: BookStore | undefined;
if (stores) {
  const s3 = createS3Client(stores.s3);
  await ensureBuckets(s3, ["profile-books"], stores.s3.region, createLogger({ service: "bench", level: "warn" }));
  store = new BookStore(s3, { sources: "profile-books", books: "profile-books" });
}

try {
  const pages = Number(values.pages);
  const { documents } = await benchDocuments(pages);
  documents.push(await bookDocument(Math.max(pages, 24)));
  out(`CPU ms per page by stage (one thread, ${choice.engine} PDFium, longest side ${maxSide} px)\n`);
  for (const [index, document] of documents.entries()) {
    if (!document.name.includes(values.only)) continue;
    const path = document.path ?? join(dataDir, `doc-${index}.pdf`);
    if (document.bytes) await writeFile(path, document.bytes);
    const opened = await openDocument(new Uint8Array(await readFile(path)), "");
    const count = Math.min(pages, pdfium.FPDF_GetPageCount(opened.doc));
    const sizes: { width: number; height: number }[] = [];
    for (let page = 0; page < count; page++) {
      sizes.push(
        withPage(opened, page, (handle) => ({
          width: pdfium.FPDF_GetPageWidthF(handle),
          height: pdfium.FPDF_GetPageHeightF(handle),
        })),
      );
    }
    const plan = planBook([{ kind: "pdf", pages: sizes }], { cut: 0, bleedPt: 0, pageRange: "" });
    const stages: Stages = new Map();
    const time = timer(stages);
    let bytes = 0;
    const formats = new Map<string, number>();
    let lossless = 0;
    for (const planned of plan) {
      const size = renditionSizes(planned.region, maxSide, 0);
      const thumbFactor = size.thumbWidth / size.width;
      const drawn = withPage(opened, planned.sourcePage, (page) => {
        const transform = pageTransform(pdfium, page);
        const objects = time.sync("page objects (pictures, colours)", () => inspectPage(pdfium, page));
        const colours = objects.colourless ? "grey" : "rgba";
        const main = time.sync(`draw main`, () => rasterise(opened, page, planned.region, size, colours));
        const thumb = time.sync("draw thumbnail (offline books only)", () =>
          rasterise(
            opened,
            page,
            planned.region,
            {
              width: size.thumbWidth,
              height: Math.max(1, Math.round(size.height * thumbFactor)),
              scale: size.scale * thumbFactor,
            },
            colours,
          ),
        );
        const { isLossless, isPhoto } = time.sync("lossless check", () => ({
          isLossless: colours === "grey" || (objects.pictures === false && paperLike(main)),
          isPhoto: objects.pictures === true,
        }));
        // The encoder alternatives below all start from RGBA (not timed: only a grey page needs it drawn again).
        const rgba = colours === "grey" ? rasterise(opened, page, planned.region, size) : main;
        const text = time.sync("text runs", () => readTextRuns(pdfium, page, transform));
        const links = time.sync("links", () => readLinks(pdfium, opened.doc, page, transform));
        return { main, rgba, thumb, isLossless, isPhoto, text, links };
      });
      if (drawn.isLossless) lossless++;
      const options = { sizes: size, quality: 75, jpegQuality: 85, webpEffort: 2, deriveOnRequest: true };
      // The service's job: the main rendition alone (the gateway derives the thumbnail on first request).
      const encoded = await time.async("encode main (job)", () =>
        encodePage(drawn.main, { ...options, lossless: drawn.isLossless, photo: drawn.isPhoto }),
      );
      await time.async("encode thumbnail (offline books only)", async () => jpegOf(drawn.thumb, 70));
      await time.async("derive thumbnail (gateway, first request)", () =>
        deriveRendition(Buffer.from(encoded.webp[0]?.data ?? []), { width: size.thumbWidth, format: "thumb" }),
      );
      await time.async("  alt thumbnail webp effort 2", () =>
        rawInput(drawn.thumb).webp({ quality: 70, effort: 2 }).toBuffer(),
      );
      bytes += encoded.webp[0]?.data.length ?? 0;
      const format = encoded.webp[0]?.format ?? "webp";
      formats.set(format, (formats.get(format) ?? 0) + 1);
      const reply = { id: 1, result: { ...encoded, text: drawn.text, links: drawn.links } };
      time.sync("IPC reply (serialize+deserialize)", () => deserialize(serialize(reply)));
      for (const [name, encode] of alternatives) {
        const size0 = await time.async(name, async () => (await encode(drawn.rgba)).length);
        const stage = stages.get(name);
        if (stage) (stage as { bytes?: number }).bytes = ((stage as { bytes?: number }).bytes ?? 0) + size0;
      }
      if (store) {
        const target = store;
        const prefix = `books/profile/${index}/pages/${planned.n}/`;
        await time.async("MinIO writes (main, text)", () =>
          Promise.all([
            target.put(`${prefix}${size.width}.webp`, encoded.webp[0]?.data ?? new Uint8Array()),
            target.putJson(`${prefix}text.json`, drawn.text),
          ]),
        );
      }
    }
    opened.close();
    out(
      `${document.name}: ${plan.length} pages, ${lossless} lossless, main ${[...formats].map(([format, count]) => `${format} ×${count}`).join(" ")} ${(bytes / 1024 / plan.length).toFixed(0)} KB/page`,
    );
    for (const [name, stage] of stages) {
      const kb = (stage as { bytes?: number }).bytes;
      out(
        `  ${pad(name, 36)} CPU ${pad((stage.cpu / stage.count).toFixed(1), 6)} ms  wall ${pad((stage.wall / stage.count).toFixed(1), 6)} ms${kb ? `  ${(kb / 1024 / stage.count).toFixed(0)} KB` : ""}`,
      );
    }
  }
} finally {
  await stores?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
