/**
 * Which pixel sizes a page is rendered to: the main rendition (longest side = the job's max side, capped by
 * its DPI when one is set), a smaller one for phones and tablets, and a thumbnail.
 */
import { thumbWidthPx } from "@turnleaf/book-format";
import type { Region } from "./plan.js";

/** Spec 000 §3 default max side option 2 = 2200 px, used when a job names none. */
export const defaultMaxSidePx = 2200;
/** Longest side of the second, lighter rendition (phones, the editor's preview). */
export const smallLongestSidePx = 960;
/** The thumbnail's width and JPEG quality are the stored format's (@turnleaf/book-format; the gateway derives them too). */
export { thumbQuality, thumbWidthPx } from "@turnleaf/book-format";
/** Spec 001 "definition" default when a job names none. */
export const defaultQuality = 85;

export interface RenditionSizes {
  /** Scale from region points to main pixels. */
  scale: number;
  width: number;
  height: number;
  /** WebP widths, largest first (the first is the main one). */
  widths: number[];
  thumbWidth: number;
}

export function renditionSizes(region: Region, maxSidePx: number, dpi: number): RenditionSizes {
  const longest = Math.max(region.width, region.height);
  let target = maxSidePx > 0 ? maxSidePx : defaultMaxSidePx;
  if (dpi > 0) target = Math.min(target, Math.round((longest / 72) * dpi));
  target = Math.max(target, 64);
  const scale = target / longest;
  const width = Math.max(1, Math.round(region.width * scale));
  const height = Math.max(1, Math.round(region.height * scale));
  const widths = [width];
  if (target > smallLongestSidePx * 1.25)
    widths.push(Math.max(1, Math.round(region.width * (smallLongestSidePx / longest))));
  return { scale, width, height, widths, thumbWidth: Math.min(thumbWidthPx, width) };
}

/**
 * The WebP widths a job encodes itself: every listed width, or only the main one when the others are derived on
 * first request by whoever serves the book (the service: the gateway makes them from the main WebP).
 */
export function eagerWidths(sizes: Pick<RenditionSizes, "widths">, deriveOnRequest: boolean): number[] {
  return deriveOnRequest ? sizes.widths.slice(0, 1) : sizes.widths;
}

/** Encoding quality: the job's definition (80-95) when set, else the default. */
export function encodingQuality(quality: number): number {
  if (quality <= 0) return defaultQuality;
  return Math.min(100, Math.max(1, Math.round(quality)));
}

/**
 * A paper page's main rendition (text, flat drawings, slides): PNG (the default: a grey page 4-bit grey, 92-96 KB
 * a dense text page, about 12 ms a page less; a coloured one RGB, 5-6× less CPU) or lossless WebP (a grey page
 * 16 levels, ~17 KB; a third to a fifth of the bytes): the conversion's CPU against the readers' bytes
 * (services/conversion/README.md).
 */
export const paperPageFormats = ["png", "webp"] as const;
export type PaperPageFormat = (typeof paperPageFormats)[number];
