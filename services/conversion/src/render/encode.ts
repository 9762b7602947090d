/**
 * Raw RGBA pixels to the files a page needs, with sharp (no PNG or canvas in between). What is encoded here is
 * what must exist before the book opens: the main WebP and the thumbnail. The lighter WebP width and the JPEG
 * fallback are encoded here too only when the job asks for every rendition (deriveOnRequest false: the desktop
 * tool's offline books); the service lists them in the manifest and the gateway derives them on first request.
 */
import sharp from "sharp";
import type { RenditionSizes } from "../domain/renditions.js";

export interface EncodedImage {
  width: number;
  data: Uint8Array;
}

export interface EncodeOptions {
  sizes: RenditionSizes;
  /** WebP quality. */
  quality: number;
  /** Quality of the JPEG fallback. */
  jpegQuality: number;
  /** WebP effort 0-6: lower is faster, larger files. */
  webpEffort: number;
  /** Encode only the main WebP and the thumbnail; the rest is derived on first request. */
  deriveOnRequest?: boolean;
}

export interface EncodedPage {
  /** WebP renditions, largest first. */
  webp: EncodedImage[];
  /** The JPEG fallback, absent when it is derived on request. */
  jpg?: EncodedImage;
  thumb: EncodedImage;
}

/** Thumbnails are small: the cheapest effort costs little in bytes there. */
const thumbQuality = 70;

export async function encodePage(pixels: Uint8Array, options: EncodeOptions): Promise<EncodedPage> {
  const { sizes, quality, jpegQuality, webpEffort } = options;
  const base = sharp(pixels, { raw: { width: sizes.width, height: sizes.height, channels: 4 } }).removeAlpha();
  const webpAt = async (width: number): Promise<EncodedImage> => {
    const pipeline = width === sizes.width ? base.clone() : base.clone().resize({ width });
    return { width, data: await pipeline.webp({ quality, effort: webpEffort, smartSubsample: false }).toBuffer() };
  };
  const widths = options.deriveOnRequest ? sizes.widths.slice(0, 1) : sizes.widths;
  const [webp, jpg, thumb] = await Promise.all([
    Promise.all(widths.map(webpAt)),
    options.deriveOnRequest
      ? undefined
      : base
          .clone()
          .jpeg({ quality: jpegQuality, mozjpeg: false, optimiseCoding: false })
          .toBuffer()
          .then((data) => ({ width: sizes.width, data })),
    base
      .clone()
      .resize({ width: sizes.thumbWidth })
      .webp({ quality: thumbQuality, effort: Math.min(webpEffort, 2) })
      .toBuffer()
      .then((data) => ({ width: sizes.thumbWidth, data })),
  ]);
  return { webp, ...(jpg ? { jpg } : {}), thumb };
}

/** Wakes libvips up (the first encode of a thread is several times slower than the next). */
export async function warmEncoder(): Promise<void> {
  const pixels = Buffer.alloc(64 * 64 * 4, 255);
  const base = sharp(pixels, { raw: { width: 64, height: 64, channels: 4 } }).removeAlpha();
  await Promise.all([base.clone().webp().toBuffer(), base.clone().jpeg().toBuffer()]);
}
