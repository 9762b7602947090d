/**
 * Lossless WebP of paper pages (text, flat drawings) and their lighter widths. Shared with the gateway, which derives
 * the lighter width of the service's PNG pages on first request (the package's "./lossless-webp" export): it loads
 * sharp and the grey levels only.
 */
import type { Sharp } from "sharp";
import { sixteenLevels } from "./grey-levels.js";
import { loadSharp } from "./sharp.js";

/**
 * Lossless effort 1 (npm run bench:engines, encoder table, 1131×1600): on pdfkit's text pages effort 0 costs half
 * the CPU (40 against 80 ms) for 5× the bytes (96 against 19 KB), but on real-world pages (Debian's manuals) it
 * costs the same CPU for 3-10× the bytes (187-232 KB against 23-60 KB, past the reader's 200 KB a page), and
 * bench:convert's real documents and mixed book went from ~50 to ~165 KB a page. Higher efforts cost more for a
 * few percent.
 */
export const losslessEffort = 1;
/**
 * A 16-level grey plane at effort 0 is as small as RGB at effort 1 on text pages for half its CPU; effort 1 on the
 * plane costs more than RGB does (npm run bench:profile-convert).
 */
export const greyEffort = 0;

/**
 * A paper page made smaller (`source`: its pixels, one channel for a grey page, three for the rest), then brought
 * back to 16 levels a channel before lossless WebP, as the page itself is kept. Resizing makes in-between shades,
 * which lossless WebP keeps one by one: a dense text page's 679 px width was 204 KB (its 1131 px PNG 96 KB) in
 * 53 ms; at 16 levels it is 49 KB in 33 ms (measured 2026-11-26); a dense drawing 410 against 80 KB.
 */
export async function lighterLosslessWebp(source: Sharp, width: number): Promise<Buffer> {
  const { data, info } = await source.resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return loadSharp()(sixteenLevels(data), { raw: { width: info.width, height: info.height, channels: info.channels } })
    .webp({ lossless: true, effort: info.channels === 1 ? greyEffort : losslessEffort })
    .toBuffer();
}
