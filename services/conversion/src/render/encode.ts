/**
 * Raw pixels (RGBA, or grey for a page PDFium drew without colour) to the files a page needs, with sharp, TurboJPEG
 * (jpeg.ts) and the service's own PNG writers (no canvas in between). What is encoded here is what must exist before
 * the book opens: the main rendition (and the thumbnail when the job writes every rendition). The main rendition is the
 * cheapest encoding that keeps the page within the reader's limits (≤ 200 KB at 1600 px, sharp at 2× zoom), chosen by
 * the page's kind rather than by encoding twice (npm run bench:profile-convert): grey pages a 4-bit grey PNG; other
 * pages without pictures an RGB(A) PNG when it is small (little ink: a slide), else an indexed PNG of their frequent
 * colours and 16-level edges (palette-png.ts: charts, coloured text, dense drawings), or when they hold more colours an
 * RGB PNG that fits, lossless WebP (paper pages) or lossy WebP (dense drawings); photo pages a baseline JPEG. With
 * paperPages "webp", pages without pictures skip the PNGs (paper pages lossless WebP, a third to a tenth of the bytes
 * for 2-6× the CPU). The thumbnail, the lighter WebP width and a WebP page's JPEG fallback are encoded here too only
 * when the job asks for every rendition (the desktop tool's offline books); the service lists them in the manifest and
 * the gateway derives them from the main rendition on first request. A PNG or JPEG main rendition is its own fallback.
 */

import type { ImageFormat } from "@turnleaf/book-format";
import { eagerWidths, type PaperPageFormat, type RenditionSizes, thumbQuality } from "../domain/renditions.js";
import { greyPlane, sixteenLevels } from "./grey-levels.js";
import { greyPng } from "./grey-png.js";
import { jpegOf } from "./jpeg.js";
import { greyEffort, lighterLosslessWebp, losslessEffort } from "./lossless-webp.js";
import { palettePng } from "./palette-png.js";
import type { Pixels } from "./raster.js";
import { loadSharp } from "./sharp.js";

export interface EncodedImage {
  width: number;
  data: Uint8Array;
  /** WebP when absent. */
  format?: ImageFormat;
}

export interface EncodeOptions {
  sizes: RenditionSizes;
  /** WebP quality. */
  quality: number;
  /** Quality of the JPEG fallback. */
  jpegQuality: number;
  /** WebP effort 0-6: lower is faster, larger files. */
  webpEffort: number;
  /** How paper pages (text, flat drawings) are stored (default png): see paperPageFormats. */
  paperPages?: PaperPageFormat;
  /** Encode only the main rendition; the rest (thumbnail included) is derived on first request. */
  deriveOnRequest?: boolean;
}

export interface EncodedPage {
  /** Renditions by width, largest (the main one, whatever its format) first; the others are WebP. */
  webp: EncodedImage[];
  /** The JPEG fallback, absent when it is derived on request. */
  jpg?: EncodedImage;
  /** Absent when it is derived on request. */
  thumb?: EncodedImage;
}

/** The reader's budget for a main page: an encoding past it gives way to the next cheapest. */
export const pageByteLimit = 200 * 1024;
/**
 * zlib level of the grey PNG: 3 against 6 is 3-5 ms less a dense text page (5-7 against 8-12 ms) for 15 % more
 * bytes (92-96 against 77-82 KB; 9 costs 45-78 ms for 2 % less), measured 2026-11-26 on bench:convert's text,
 * CJK and libtasn1 pages drawn in grey.
 */
const greyPngLevel = 3;
/**
 * A coloured paper page's PNG (libvips, no row filters), written with the drawn pixels' opaque alpha channel:
 * leaving it out costs libvips a pass over the pixels, and the PNG is about the same size (measured 2026-11-26 on a
 * LibreOffice slide at 1600×900: RGBA 5.7 against RGB 7.0 ms at zlib 6, 38 KB either way). zlib 6 against lossless
 * WebP at effort 1, measured 2026-11-26 at 1131×1600: 7 against 42 ms and 38 against 12 KB a slide; 14 against 91 ms
 * and 140 against 56 KB a chart page of the mixed book. Adaptive row filters cost 2-3× the CPU for 5-20 % fewer
 * bytes.
 */
const paperPng = { compressionLevel: 6, adaptiveFiltering: false } as const;
/**
 * A small one (little ink: a slide) at zlib 3: 4.5 against 5.7 ms and 41 against 38 KB the slide (zlib 1: 4.0 ms,
 * 92 KB), where a larger page's few more per cent could pass the budget.
 */
const smallPaperPng = { ...paperPng, compressionLevel: 3 } as const;
/**
 * zlib level of the indexed PNG (palette-png.ts): 6 against 3 on a dense text page with a coloured heading is
 * 137-171 against 160-202 KB for about the same CPU (27-47 against 26-37 ms, measured 2026-11-26).
 */
const palettePngLevel = 6;
/**
 * An indexed PNG whose RGB PNG would be this small (a chart page: RGB 139-143 KB told) is written at zlib 3: measured
 * 2026-11-26 on the mixed book's 10 chart pages at 1131×1600, 10.9 against 14.9 ms a page and 60 against 47 KB.
 * Denser pages (a text page with a coloured heading, told ~860 KB) stay at palettePngLevel, where 3 saves little
 * and can pass the budget.
 */
const smallPaletteRgbBytes = 256 * 1024;
const smallPalettePngLevel = 3;

/**
 * A coloured page's RGB PNG size, told before encoding it: it follows the colour changes along its rows (what
 * deflate cannot repeat), 1.1-1.8 bytes each at zlib 6 on slides, charts, dense drawings and text pages with a
 * coloured heading (measured 2026-11-26), counted on every 4th row (~1 ms at 1131×1600). Answers the upper
 * estimate: a slide 40 KB (38 written), a chart 144 KB (139), a text page with a coloured heading 860 KB (514).
 */
function rgbPngBytes(pixels: Pixels): number {
  // It reads RGBA words: other pixels are not told (the PNGs that depend on it are not tried).
  if ((pixels.channels ?? 4) !== 4) return Number.POSITIVE_INFINITY;
  const { width, height } = pixels;
  const data = pixels.data.byteOffset % 4 === 0 ? pixels.data : pixels.data.slice();
  const colours = new Int32Array(data.buffer, data.byteOffset, width * height);
  const every = 4;
  let changes = 0;
  for (let row = 0; row < height; row += every) {
    const start = row * width;
    let previous = colours[start];
    for (let at = start + 1; at < start + width; at++) {
      const colour = colours[at];
      if (colour !== previous) {
        changes++;
        previous = colour;
      }
    }
  }
  return changes * every * 1.8;
}
/**
 * An RGB PNG this small is written as it is, though the indexed PNG would be a third of it: a slide's PNG costs
 * ~4.5 ms (smallPaperPng; libvips, off the render process's JavaScript thread) against ~9 ms, 41 against 13 KB
 * (measured 2026-11-26).
 */
const smallRgbPng = 64 * 1024;
/**
 * A lossy page past the budget is encoded again at these shares of its quality, until it fits: bench:convert's
 * vector-heavy document (dense coloured drawings) was 205 KB a page at q75; a page of random coloured shapes
 * (pdfium-encoding.test.ts) is 243 KB at q60.
 */
const lighterQualities = [0.8, 0.55, 0.3];

/**
 * A photo page's JPEG takes the WebP's quality number (default 75; jpeg.ts: baseline, 4:2:0): measured 2026-11-26 on
 * the image-heavy document at 1131×1600, 4 ms a page where lossy WebP took 30-50. These are the shares of it tried
 * when it is past the budget (half of that document's pages, ~205 KB), until it fits: 0.93 (q70 of 75) takes 9-11 %
 * off (bench:convert's photo pages), what the pages just past it need; Huffman tables optimised for the same pixels
 * saved 6-9 % for a second, slower pass (13 against 6.5 ms through sharp). Then the shares lossy WebP pages use.
 */
const photoQualities = [0.93, ...lighterQualities];

/** The first PNG that can be written within pageByteLimit (each answers undefined when it cannot be written). */
async function firstPng(encodings: (() => Promise<Buffer | undefined> | undefined)[]) {
  for (const encode of encodings) {
    const png = await encode();
    if (png && png.length <= pageByteLimit) return png;
  }
  return undefined;
}

/** The first encoding within pageByteLimit, else the smallest (the encodings run one after another, cheapest first). */
async function firstWithinBudget(encodings: (() => Promise<Buffer>)[]): Promise<Buffer> {
  let smallest: Buffer | undefined;
  for (const encode of encodings) {
    const data = await encode();
    if (!smallest || data.length < smallest.length) smallest = data;
    if (smallest.length <= pageByteLimit) break;
  }
  return smallest ?? Buffer.alloc(0);
}

const scaled = (quality: number, share: number) => Math.max(1, Math.round(quality * share));

/** The pixels as they are, RGBA with its alpha channel (opaque: PDFium draws on white), grey or RGB. */
const opaqueInput = (pixels: Pixels) =>
  loadSharp()(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels ?? 4 } });

/**
 * A fresh pipeline over the same pixels for each output: sharp's clone() structuredClones its options, input
 * buffer included (a 7 MB copy a page at 1131×1600, ~20 ms of CPU in npm run bench:profile-convert).
 */
export const rawInput = (pixels: Pixels) =>
  (pixels.channels ?? 4) === 4 ? opaqueInput(pixels).removeAlpha() : opaqueInput(pixels);

/** The pixels resized by libvips (a page drawn once, an image document, gets its thumbnail so). */
async function resized(pixels: Pixels, width: number): Promise<Pixels> {
  const { data, info } = await rawInput(pixels).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data, channels: info.channels as 1 | 3 | 4 };
}

/** A page's grey channel, and its 16 levels made once however many WebP widths need them. */
interface GreyPage {
  grey: Uint8Array;
  levels(): Uint8Array;
}

function greyPageOf(grey: Uint8Array | undefined): GreyPage | undefined {
  if (!grey) return undefined;
  let levels: Uint8Array | undefined;
  return { grey, levels: () => (levels ??= sixteenLevels(grey)) };
}

/**
 * The main WebP, or a lighter width of a lossy page: grey pages as one channel of 16 levels, other paper pages lossless
 * RGB (their lighter widths: lighterPaperPage), the rest lossy.
 */
function mainWebp(main: Pixels, options: EncodeOptions & PageKind, grey: GreyPage | undefined, width: number) {
  if (!options.lossless) {
    const pixels = width === main.width ? rawInput(main) : rawInput(main).resize({ width });
    return pixels.webp({ quality: options.quality, effort: options.webpEffort, smartSubsample: false });
  }
  if (!grey) return rawInput(main).webp({ lossless: true, effort: losslessEffort });
  const plane = loadSharp()(grey.levels(), { raw: { width: main.width, height: main.height, channels: 1 } });
  return plane.webp({ lossless: true, effort: greyEffort });
}

/**
 * A lighter width of a paper page (text, flat drawings) or a PNG page, written when the job writes every rendition:
 * at 16 levels a channel, lossless, as the gateway derives it for the service's books (lossless-webp.ts).
 */
function lighterPaperPage(main: Pixels, grey: GreyPage | undefined, width: number): Promise<Buffer> {
  const source = grey
    ? loadSharp()(grey.levels(), { raw: { width: main.width, height: main.height, channels: 1 } })
    : rawInput(main);
  return lighterLosslessWebp(source, width);
}

export interface PageKind {
  /** Text and flat drawings (encoded without loss). */
  lossless?: boolean;
  /** The page draws images (a photo page, or an image document): JPEG first. */
  photo?: boolean;
}

/** The main rendition: the cheapest format the page's kind predicts, the next when it is past pageByteLimit. */
async function mainImage(
  main: Pixels,
  options: EncodeOptions & PageKind,
  grey: GreyPage | undefined,
): Promise<EncodedImage> {
  const width = main.width;
  if (options.paperPages !== "webp" && !options.photo) {
    const rgbBytes = grey ? 0 : rgbPngBytes(main);
    const truecolourPng = (zlib: typeof paperPng | typeof smallPaperPng) => opaqueInput(main).png(zlib).toBuffer();
    const png = await firstPng(
      grey
        ? [() => greyPng(grey.grey, main.width, main.height, greyPngLevel)]
        : [
            () => (rgbBytes <= smallRgbPng ? truecolourPng(smallPaperPng) : undefined),
            () => palettePng(main, rgbBytes <= smallPaletteRgbBytes ? smallPalettePngLevel : palettePngLevel),
            // More colours than an indexed PNG holds: an RGB PNG that fits (never on a text page with colour).
            () =>
              options.lossless && rgbBytes > smallRgbPng && rgbBytes <= pageByteLimit
                ? truecolourPng(paperPng)
                : undefined,
          ],
    );
    if (png) return { width, data: png, format: "png" };
  }
  if (!options.lossless && options.photo) {
    const data = await firstWithinBudget(
      [1, ...photoQualities].map((share) => async () => jpegOf(main, scaled(options.quality, share))),
    );
    return { width, data, format: "jpg" };
  }
  // WebP (readers' bytes first, or more colours than a PNG holds within the budget): lossless for paper pages, lossy
  // for the rest; past the budget, lossy at lower qualities until it fits (the last one is kept whatever its size).
  const lossy = (quality: number) => () =>
    mainWebp(main, { ...options, lossless: false, quality }, undefined, width).toBuffer();
  const data = await firstWithinBudget([
    () => mainWebp(main, options, grey, width).toBuffer(),
    ...(options.lossless ? [1, ...lighterQualities] : lighterQualities).map((share) =>
      lossy(scaled(options.quality, share)),
    ),
  ]);
  return { width, data };
}

export async function encodePage(
  main: Pixels,
  options: EncodeOptions & PageKind,
  /**
   * The thumbnail drawn at its own size (cheaper than resizing the main pixels); resized from main when absent.
   * Not written when the job derives renditions on request.
   */
  thumbnail?: Pixels,
): Promise<EncodedPage> {
  const { sizes, jpegQuality } = options;
  const grey = greyPageOf(options.lossless ? greyPlane(main) : undefined);
  const mainEncoded = mainImage(main, options, grey);
  // A lighter width (written only when the job writes every rendition) follows the main one: a paper page's or a PNG
  // page's at 16 levels a channel, as the gateway derives it for the service's books.
  const webpAt = async (width: number): Promise<EncodedImage> => {
    if (width === main.width) return mainEncoded;
    if (options.lossless || (await mainEncoded).format === "png")
      return { width, data: await lighterPaperPage(main, grey, width) };
    return { width, data: await mainWebp(main, options, grey, width).toBuffer() };
  };
  const widths = eagerWidths(sizes, options.deriveOnRequest ?? false);
  const webp = await Promise.all(widths.map(webpAt));
  // Thumbnails are small: a JPEG through TurboJPEG. Measured 2026-11-26 at 200 px on bench:convert's documents: WebP
  // at effort 2 took 4.5-8.1 ms a page, a JPEG through sharp 1.5-1.9 ms, through TurboJPEG 0.07 ms. WebP is the
  // smallest (a text page's 8.7 KB, a photo page's 1.3). TurboJPEG writes no optimised Huffman tables: a grey page's
  // thumbnail (one channel) is as small as sharp's optimised one (9.9 against 10.0 KB), a coloured one 4-47 % larger
  // (a photo page's 4.6 against 3.7 KB, a slide's 2.2 against 1.5).
  const thumb = options.deriveOnRequest
    ? undefined
    : {
        width: sizes.thumbWidth,
        data: jpegOf(thumbnail ?? (await resized(main, sizes.thumbWidth)), thumbQuality),
        format: "jpg" as const,
      };
  // The JPEG fallback, when every rendition is written now, of a WebP page only: a PNG or JPEG main rendition is its
  // own fallback (the same key, manifest.ts).
  const jpg =
    options.deriveOnRequest || (webp[0]?.format ?? "webp") !== "webp"
      ? undefined
      : {
          width: sizes.width,
          data: jpegOf(main, jpegQuality),
        };
  return { webp, ...(jpg ? { jpg } : {}), ...(thumb ? { thumb } : {}) };
}

/** Wakes libvips up (the first encode of a thread is several times slower than the next). */
export async function warmEncoder(): Promise<void> {
  const pixels = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 4).fill(255) };
  await Promise.all([
    rawInput(pixels).webp().toBuffer(),
    rawInput(pixels).webp({ lossless: true, effort: losslessEffort }).toBuffer(),
    loadSharp()(pixels.data.subarray(0, 64 * 64), { raw: { width: 64, height: 64, channels: 1 } })
      .webp({ lossless: true, effort: greyEffort })
      .toBuffer(),
    opaqueInput(pixels).png(paperPng).toBuffer(),
    rawInput(pixels).jpeg().toBuffer(),
  ]);
}
