/**
 * Renditions a book's manifest lists but the conversion left to be made on first request (the thumbnail, the
 * lighter WebP width for phones and the JPEG fallback; the job writes only the main rendition, so a book opens
 * sooner): derived here from the page's main rendition (WebP, a photo page's JPEG or a text page's PNG), written back
 * to the books bucket so every later request, on any gateway replica, is a plain read. A derivation runs once per key
 * at a time, and only a few run at once.
 */
import { createHash } from "node:crypto";
import { type Manifest, thumbQuality, thumbWidthPx } from "@turnleaf/book-format";
import { lighterLosslessWebp } from "@turnleaf/conversion/lossless-webp";
import sharp from "sharp";

/** `pages/<n>/<width>.<format>` */
const renditionKey = /^pages\/(\d{1,5})\/(\d{2,5})\.(webp|jpg)$/;
/** `thumbs/<n>.jpg` */
const thumbKey = /^thumbs\/(\d{1,5})\.jpg$/;

/** The same look as the conversion's defaults (definition 85: WebP quality 75, JPEG 85). */
const webpQuality = 75;
const jpegQuality = 85;
/** At most this many derivations encode at once (each is 20-150 ms of one core). */
const maxConcurrent = 2;

export interface Derivation {
  /** The main rendition it is made from (relative to the revision folder; WebP, JPEG or PNG). */
  sourceKey: string;
  width: number;
  format: "webp" | "jpg" | "thumb";
}

/** A page's thumbnail, when the manifest lists it: thumbWidthPx wide (the page's width when narrower). */
function thumbDerivation(manifest: Manifest, key: string): Derivation | undefined {
  const match = thumbKey.exec(key);
  const page = match && manifest.pages[Number(match[1]) - 1];
  if (!page?.ready || page.thumb !== key) return undefined;
  const sourceKey = page.webp[String(page.width)];
  return sourceKey ? { sourceKey, width: Math.min(thumbWidthPx, page.width), format: "thumb" } : undefined;
}

/** Whether the key names a page the manifest lists as not rendered yet (a newer manifest may have it). */
export function awaitsPage(manifest: Manifest, key: string): boolean {
  const match = thumbKey.exec(key) ?? renditionKey.exec(key);
  const page = match ? manifest.pages[Number(match[1]) - 1] : undefined;
  return page !== undefined && !page.ready;
}

/** What to derive a key from, when the manifest lists it and it is not the main rendition itself. */
export function derivation(manifest: Manifest, key: string): Derivation | undefined {
  if (key.startsWith("thumbs/")) return thumbDerivation(manifest, key);
  const match = renditionKey.exec(key);
  if (!match) return undefined;
  const page = manifest.pages[Number(match[1]) - 1];
  if (!page?.ready) return undefined;
  const width = Number(match[2]);
  const format = match[3] as "webp" | "jpg";
  const sourceKey = page.webp[String(page.width)];
  if (!sourceKey || sourceKey === key) return undefined;
  const listed = format === "webp" ? page.webp[String(width)] === key : page.jpg === key;
  if (!listed || width > page.width) return undefined;
  return { sourceKey, width, format };
}

/** A lossless main page (a VP8L WebP or a PNG): text pages stay lossless when made smaller. */
const isLossless = (bytes: Buffer) => bytes.subarray(12, 16).toString("latin1") === "VP8L" || isPng(bytes);
const isPng = (bytes: Buffer) => bytes.subarray(1, 4).toString("latin1") === "PNG";

/**
 * A PNG paper page made smaller: at 16 levels a channel (one channel for a grey page), lossless, as the conversion
 * makes an offline book's lighter width. Resized as they are, the in-between shades made the lighter width larger
 * than the page itself (measured 2026-11-26 at 679 px from 1131 px: a dense text page 161 KB from a 96 KB PNG, a
 * dense drawing 410 KB from 148 KB); at 16 levels, 55 and 80 KB.
 */
async function smallerPaperPage(main: Buffer, width: number): Promise<Buffer> {
  const { channels } = await sharp(main).metadata();
  return lighterLosslessWebp(channels === 1 ? sharp(main).greyscale() : sharp(main).removeAlpha(), width);
}

export async function deriveRendition(main: Buffer, target: Pick<Derivation, "width" | "format">): Promise<Buffer> {
  const image = sharp(main);
  const { width, height, channels } = await image.metadata();
  // The height as the conversion rounds it (a JPEG shrunk on load otherwise came out a pixel taller).
  const sized =
    width === target.width
      ? image
      : image.resize({
          width: target.width,
          height: Math.max(1, Math.round((height * target.width) / width)),
          fit: "fill",
        });
  // A grey page's thumbnail stays one channel (libvips would write it as sRGB).
  if (target.format === "thumb")
    return (channels === 1 ? sized.toColourspace("b-w") : sized)
      .jpeg({ quality: thumbQuality, optimiseCoding: true })
      .toBuffer();
  if (target.format === "jpg") return sized.jpeg({ quality: jpegQuality, optimiseCoding: true }).toBuffer();
  if (isPng(main) && width !== target.width) return smallerPaperPage(main, target.width);
  return isLossless(main)
    ? sized.webp({ lossless: true, effort: 1 }).toBuffer()
    : sized.webp({ quality: webpQuality, effort: 2, smartSubsample: false }).toBuffer();
}

export interface DerivedObject {
  bytes: Buffer;
  etag: string;
}

export interface RenditionStore {
  read(key: string): Promise<Buffer | null>;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

export interface RenditionDeriver {
  /** The derived rendition (now also stored), or null when the key is not derivable or its source is missing. */
  derive(prefix: string, manifest: Manifest, key: string): Promise<DerivedObject | null>;
}

export function renditionDeriver(store: RenditionStore): RenditionDeriver {
  const inFlight = new Map<string, Promise<DerivedObject | null>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    while (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  const make = async (prefix: string, plan: Derivation, key: string): Promise<DerivedObject | null> => {
    const main = await store.read(`${prefix}${plan.sourceKey}`);
    if (!main) return null;
    await slot();
    let bytes: Buffer;
    try {
      bytes = await deriveRendition(main, plan);
    } finally {
      release();
    }
    // A store that refuses the write (read-only credentials, an outage) still gets the rendition served.
    await store
      .write(`${prefix}${key}`, bytes, plan.format === "webp" ? "image/webp" : "image/jpeg")
      .catch(() => undefined);
    return { bytes, etag: createHash("md5").update(bytes).digest("hex") };
  };
  return {
    derive(prefix, manifest, key) {
      const plan = derivation(manifest, key);
      if (!plan) return Promise.resolve(null);
      const id = `${prefix}${key}`;
      let pending = inFlight.get(id);
      if (!pending) {
        pending = make(prefix, plan, key).finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      return pending;
    },
  };
}
