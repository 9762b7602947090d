/**
 * What each encoder option costs on pages PDFium rendered at the benchmark's size: CPU milliseconds (median of a
 * few runs, libvips on one thread; CPU time, so other work on the machine barely moves it) and kilobytes, per kind of page. Also what the gateway pays to derive a rendition
 * on first request (decode the main WebP, resize, encode). Used by scripts/bench/convert-engines.ts.
 */
import sharp from "sharp";

export interface SamplePage {
  kind: string;
  width: number;
  height: number;
  /** RGBA */
  pixels: Uint8Array;
}

interface Option {
  name: string;
  /** Encodes from the page's raw pixels (or, for derivations, from its main WebP). */
  encode(page: SamplePage, mainWebp: Buffer): Promise<Buffer>;
}

const raw = (page: SamplePage) =>
  sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 4 } }).removeAlpha();
const smallWidth = (page: SamplePage) => Math.round((page.width * 960) / Math.max(page.width, page.height));

const options: Option[] = [
  ...[0, 1, 2, 4].map((effort) => ({
    name: `WebP q75 effort ${effort}`,
    encode: (page: SamplePage) => raw(page).webp({ quality: 75, effort, smartSubsample: false }).toBuffer(),
  })),
  {
    name: "WebP q75 effort 2 smartSubsample",
    encode: (page) => raw(page).webp({ quality: 75, effort: 2, smartSubsample: true }).toBuffer(),
  },
  {
    name: "WebP q75 effort 2 preset text",
    encode: (page) => raw(page).webp({ quality: 75, effort: 2, preset: "text", smartSubsample: false }).toBuffer(),
  },
  ...[0, 1].map((effort) => ({
    name: `WebP lossless effort ${effort}`,
    encode: (page: SamplePage) => raw(page).webp({ lossless: true, effort }).toBuffer(),
  })),
  {
    name: "WebP lossless effort 0 exact",
    encode: (page) => raw(page).webp({ lossless: true, effort: 0, exact: true }).toBuffer(),
  },
  {
    name: "PNG 16-colour palette, zlib 1",
    encode: (page) =>
      raw(page).png({ palette: true, colours: 16, effort: 1, dither: 0, compressionLevel: 1 }).toBuffer(),
  },
  ...[60, 70, 75, 80].map((quality) => ({
    name: `JPEG q${quality} no optimiseCoding`,
    encode: (page: SamplePage) => raw(page).jpeg({ quality, optimiseCoding: false }).toBuffer(),
  })),
  {
    name: "JPEG q75 optimiseCoding",
    encode: (page) => raw(page).jpeg({ quality: 75, optimiseCoding: true }).toBuffer(),
  },
  {
    name: "JPEG q75 greyscale",
    encode: (page) => raw(page).greyscale().jpeg({ quality: 75, optimiseCoding: false }).toBuffer(),
  },
  {
    name: "JPEG q85 optimiseCoding (sharp default)",
    encode: (page) => raw(page).jpeg({ quality: 85, optimiseCoding: true }).toBuffer(),
  },
  {
    name: "JPEG q85 no optimiseCoding",
    encode: (page) => raw(page).jpeg({ quality: 85, optimiseCoding: false }).toBuffer(),
  },
  { name: "JPEG q75 mozjpeg", encode: (page) => raw(page).jpeg({ quality: 75, mozjpeg: true }).toBuffer() },
  {
    name: "960 px WebP q75 e2 (from pixels)",
    encode: (page) =>
      raw(page)
        .resize({ width: smallWidth(page) })
        .webp({ quality: 75, effort: 2, smartSubsample: false })
        .toBuffer(),
  },
  {
    name: "thumbnail 200 px WebP q70 e2",
    encode: (page) => raw(page).resize({ width: 200 }).webp({ quality: 70, effort: 2 }).toBuffer(),
  },
  {
    name: "derive: 960 px WebP from main WebP",
    encode: (page, mainWebp) =>
      sharp(mainWebp)
        .resize({ width: smallWidth(page) })
        .webp({ quality: 75, effort: 2, smartSubsample: false })
        .toBuffer(),
  },
  {
    name: "derive: JPEG q85 from main WebP",
    encode: (_page, mainWebp) => sharp(mainWebp).jpeg({ quality: 85, optimiseCoding: false }).toBuffer(),
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export interface EncoderRow {
  option: string;
  /** Per page kind: [ms, KB]. */
  cells: Record<string, [number, number]>;
}

export async function measureEncoders(pages: SamplePage[], runs = 5): Promise<EncoderRow[]> {
  const concurrency = sharp.concurrency();
  sharp.concurrency(1);
  try {
    const mains = await Promise.all(
      pages.map((page) => raw(page).webp({ quality: 75, effort: 2, smartSubsample: false }).toBuffer()),
    );
    const rows: EncoderRow[] = [];
    for (const option of options) {
      const cells: EncoderRow["cells"] = {};
      for (const [index, page] of pages.entries()) {
        const times: number[] = [];
        let size = 0;
        for (let run = 0; run < runs; run++) {
          const started = process.cpuUsage();
          size = (await option.encode(page, mains[index] as Buffer)).length;
          const { user, system } = process.cpuUsage(started);
          times.push((user + system) / 1000);
        }
        cells[page.kind] = [median(times), size / 1024];
      }
      rows.push({ option: option.name, cells });
    }
    return rows;
  } finally {
    sharp.concurrency(concurrency);
  }
}
