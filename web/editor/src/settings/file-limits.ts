import { defaultFileMaxSize, fileExtensions } from "@turnleaf/resource-files";
import { formatMessage } from "@turnleaf/resource-files/message-format";

/**
 * Upload limits of spec 000 §5 and §9: images per call (optional pixel limit, size limit, default 5 MB) with the
 * GIF error and the compress prompt; file settings (extensions, 10 MB); download attachments (100 MB, no exe).
 */
export const megabyte = 1024 * 1024;
export const defaultImageMaxMb = 5;
export const attachmentMaxBytes = 100 * megabyte;
/** File settings take the catalogue's own limits (the settings tree's default extensions and 10 MB). */
export const fileSettingMaxBytes = defaultFileMaxSize;
export const fileSettingExtensions = fileExtensions;

export interface ImageLimits {
  limitWidth?: number;
  limitHeight?: number;
  /** MB; 5 when not given. */
  maxMb?: number;
}

export interface ImageFacts {
  width: number;
  height: number;
  bytes: number;
  type: string;
}

export type ImageVerdict =
  | { ok: true }
  | { ok: false; gif: true; text: string }
  | { ok: false; gif: false; text: string; fit: { width: number; height: number }; maxBytes: number };

const mb = (bytes: number) => Math.round((bytes / megabyte) * 100) / 100;

/** The prompts of spec 000 §5 as interface labels (templates with {name} placeholders). */
export interface ImageTexts {
  imageGifPixels: string;
  imageGifBytes: string;
  imagePixelsOver: string;
  imageBytesOver: string;
  compressAsk: string;
}

/** Fills a label's arguments (ICU MessageFormat: `{name}`, `{count, plural, …}`); a missing one stays `{name}`. */
export function fillLabel(template: string, params: Record<string, string | number>): string {
  return formatMessage(template, params);
}

const englishImageTexts: ImageTexts = {
  imageGifPixels: "please upload an image smaller than {maxWidth}*{maxHeight} px! current size is: {width}*{height}",
  imageGifBytes: "please upload an image smaller than {max} M! current size is: {size} M",
  imagePixelsOver: "image size max {maxWidth}*{maxHeight} px, current {width}*{height}",
  imageBytesOver: "image max {max} M, current {size} M",
  compressAsk: "{problems}, already over the limit! compress it?",
};

/**
 * Whether an image fits the limits; the GIF error, or the compress question with the size to scale to, in the
 * interface language (`texts`: the editor's labels).
 */
export function checkImage(
  image: ImageFacts,
  limits: ImageLimits = {},
  texts: ImageTexts = englishImageTexts,
): ImageVerdict {
  const maxMb = limits.maxMb ?? defaultImageMaxMb;
  const maxBytes = maxMb * megabyte;
  const tooWide = limits.limitWidth !== undefined && image.width > limits.limitWidth;
  const tooHigh = limits.limitHeight !== undefined && image.height > limits.limitHeight;
  const pixelsOver = tooWide || tooHigh;
  const bytesOver = image.bytes > maxBytes;
  if (!pixelsOver && !bytesOver) return { ok: true };
  const W = limits.limitWidth ?? image.width;
  const H = limits.limitHeight ?? image.height;
  const sizes = { maxWidth: W, maxHeight: H, width: image.width, height: image.height };
  const bytes = { max: maxMb, size: mb(image.bytes) };
  if (/gif/i.test(image.type))
    return {
      ok: false,
      gif: true,
      text: pixelsOver ? fillLabel(texts.imageGifPixels, sizes) : fillLabel(texts.imageGifBytes, bytes),
    };
  const parts: string[] = [];
  if (pixelsOver) parts.push(fillLabel(texts.imagePixelsOver, sizes));
  if (bytesOver) parts.push(fillLabel(texts.imageBytesOver, bytes));
  return {
    ok: false,
    gif: false,
    text: fillLabel(texts.compressAsk, { problems: parts.join(" / ") }),
    fit: scaleToFit(image.width, image.height, W, H),
    maxBytes,
  };
}

/** Proportional scaling to fit inside W×H (never enlarging). */
export function scaleToFit(width: number, height: number, maxWidth: number, maxHeight: number) {
  const ratio = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.floor(width * ratio)), height: Math.max(1, Math.floor(height * ratio)) };
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** A file setting's file: one of the extensions, at most 10 MB (or the node's own limits). Undefined when fine. */
export function checkSettingFile(
  file: { name: string; size: number },
  extensions: readonly string[] = fileSettingExtensions,
  maxBytes = fileSettingMaxBytes,
): { reason: "type" | "size" } | undefined {
  if (!extensions.includes(extensionOf(file.name))) return { reason: "type" };
  if (file.size > maxBytes) return { reason: "size" };
  return undefined;
}

/** A download attachment: at most 100 MB and never an exe. */
export function checkAttachment(file: { name: string; size: number }): { reason: "exe" | "size" } | undefined {
  if (extensionOf(file.name) === "exe") return { reason: "exe" };
  if (file.size > attachmentMaxBytes) return { reason: "size" };
  return undefined;
}

/**
 * Compresses an image in the browser: scaled to fit, drawn on a canvas, encoded (JPEG, lowering quality, unless
 * PNG fits) until it is under maxBytes. Rejects when it cannot get there.
 */
export async function compressImage(
  file: Blob,
  fit: { width: number; height: number },
  maxBytes: number,
): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement("canvas");
  canvas.width = fit.width;
  canvas.height = fit.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  context.drawImage(bitmap, 0, 0, fit.width, fit.height);
  bitmap.close();
  const encode = (type: string, quality?: number) =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))), type, quality),
    );
  if (file.type === "image/png") {
    const png = await encode("image/png");
    if (png.size <= maxBytes) return png;
  }
  for (const quality of [0.92, 0.8, 0.65, 0.5, 0.35]) {
    const jpeg = await encode("image/jpeg", quality);
    if (jpeg.size <= maxBytes) return jpeg;
  }
  throw new Error("still over the limit");
}

/** An image's pixel size in the browser. */
export async function imageFactsOf(file: File): Promise<ImageFacts> {
  const bitmap = await createImageBitmap(file);
  const facts = { width: bitmap.width, height: bitmap.height, bytes: file.size, type: file.type };
  bitmap.close();
  return facts;
}
