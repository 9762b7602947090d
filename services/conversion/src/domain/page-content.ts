/**
 * Text and links of a page, from the source page's coordinates (top-left origin, scale 1) to the book page's
 * normalized ones (0..1 of the region the book page shows), so the reader can place them at any zoom.
 */
import type { BookLink, Box } from "@turnleaf/book-format";
import type { Region } from "./plan.js";

/** A normalized box and a book page's link: part of the stored format (@turnleaf/book-format). */
export type { BookLink, Box } from "@turnleaf/book-format";

/** A text run with its box, in page coordinates before normalizing. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageText {
  page: number;
  items: { text: string; box: Box }[];
}

/** A link annotation found on a source page. */
export interface SourceLink {
  x: number;
  y: number;
  width: number;
  height: number;
  url?: string;
  /** 0-based page of the same source the link jumps to. */
  targetSourcePage?: number;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The part of a rectangle inside the region, normalized; undefined when (almost) nothing of it is inside. */
export function normalizeBox(
  rect: { x: number; y: number; width: number; height: number },
  region: Region,
): Box | undefined {
  const left = Math.max(rect.x, region.x);
  const top = Math.max(rect.y, region.y);
  const right = Math.min(rect.x + rect.width, region.x + region.width);
  const bottom = Math.min(rect.y + rect.height, region.y + region.height);
  if (right - left <= 0.5 || bottom - top <= 0.5) return undefined;
  return [
    round((left - region.x) / region.width),
    round((top - region.y) / region.height),
    round((right - left) / region.width),
    round((bottom - top) / region.height),
  ];
}

/** Text runs whose centre lies in the region, normalized; blank runs are dropped. */
export function pageText(page: number, runs: TextRun[], region: Region): PageText {
  const items: PageText["items"] = [];
  for (const run of runs) {
    if (run.text.trim() === "") continue;
    const centreX = run.x + run.width / 2;
    const centreY = run.y + run.height / 2;
    if (centreX < region.x || centreX > region.x + region.width) continue;
    if (centreY < region.y || centreY > region.y + region.height) continue;
    const box = normalizeBox(run, region);
    if (box) items.push({ text: run.text, box });
  }
  return { page, items };
}

/** The page's words as one string for the search index. */
export function searchableText(text: PageText): string {
  return text.items
    .map((item) => item.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The share of box `inner` that box `outer` covers (0-1). */
function coveredShare(inner: Box, outer: Box): number {
  const width = Math.min(inner[0] + inner[2], outer[0] + outer[2]) - Math.max(inner[0], outer[0]);
  const height = Math.min(inner[1] + inner[3], outer[1] + outer[3]) - Math.max(inner[1], outer[1]);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.max(1e-9, inner[2] * inner[3]);
}

/**
 * IMAGEINPDF (the words in a page's pictures are searchable): the page's text layer, and the lines OCR read on the
 * whole page where no text of the layer is (a line half covered by the layer's text is that text read again).
 */
export function withPictureWords(layer: PageText, read: PageText): PageText {
  const fresh = read.items.filter(
    (line) =>
      !layer.items.some((item) => coveredShare(line.box, item.box) > 0.5 || coveredShare(item.box, line.box) > 0.5),
  );
  return { page: layer.page, items: [...layer.items, ...fresh] };
}

const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+[^\s<>"')\].,;:!?]/gi;

/**
 * textToLink: URLs written in the page's text become link hotspots. A run's box is split in proportion to the
 * characters, which is close enough for a hotspot.
 */
export function linksFromText(runs: TextRun[]): SourceLink[] {
  const links: SourceLink[] = [];
  for (const run of runs) {
    for (const match of run.text.matchAll(urlPattern)) {
      const start = match.index ?? 0;
      const length = run.text.length || 1;
      const url = match[0].startsWith("www.") ? `https://${match[0]}` : match[0];
      links.push({
        x: run.x + (run.width * start) / length,
        y: run.y,
        width: (run.width * match[0].length) / length,
        height: run.height,
        url,
      });
    }
  }
  return links;
}

const linkSchemes = new Set(["http:", "https:", "mailto:"]);

/**
 * A link a reader may follow from a page or the outline: an absolute http, https or mailto URL (whatever the PDF
 * or its text says: javascript:, data:, file:, launch targets and relative paths are dropped, not just unclickable
 * in the reader). Answers the URL as written, or undefined.
 */
export function followableUrl(candidate: string): string | undefined {
  const trimmed = candidate.trim();
  // Browsers drop tabs and line breaks inside a URL, so "java\tscript:" would still run: refuse any.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (trimmed === "" || /[\u0000-\u0020\u007f-\u009f\\]/.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    if (!linkSchemes.has(url.protocol)) return undefined;
    if (url.protocol !== "mailto:" && url.hostname === "") return undefined;
    return trimmed;
  } catch {
    return undefined;
  }
}

/**
 * Links placed on the book page: URL links keep their URL when it is followable (http, https, mailto), page links
 * point at the book page that shows the target source page (undefined when that page was not imported: the link is
 * dropped).
 */
export function bookLinks(
  links: SourceLink[],
  region: Region,
  bookPageOf: (sourcePage: number) => number | undefined,
): BookLink[] {
  const placed: BookLink[] = [];
  for (const link of links) {
    const box = normalizeBox(link, region);
    if (!box) continue;
    if (link.url) {
      const url = followableUrl(link.url);
      if (url) placed.push({ box, url });
    } else if (link.targetSourcePage !== undefined) {
      const page = bookPageOf(link.targetSourcePage);
      if (page !== undefined) placed.push({ box, page });
    }
  }
  return placed;
}

/** An outline entry as read from a source: its target resolved to a 0-based page of that source. */
export interface SourceOutlineEntry {
  title: string;
  targetSourcePage?: number;
  url?: string;
  children: SourceOutlineEntry[];
}

export interface BookOutlineEntry {
  title: string;
  page?: number;
  url?: string;
  children: BookOutlineEntry[];
}

/**
 * The outline with targets as book pages; entries whose page was not imported keep their title (no page), entries
 * whose URL is not followable keep their title without it.
 */
export function bookOutline(
  entries: SourceOutlineEntry[],
  bookPageOf: (sourcePage: number) => number | undefined,
): BookOutlineEntry[] {
  return entries.map((entry) => {
    const page = entry.targetSourcePage === undefined ? undefined : bookPageOf(entry.targetSourcePage);
    const url = entry.url ? followableUrl(entry.url) : undefined;
    return {
      title: entry.title,
      ...(page === undefined ? {} : { page }),
      ...(url ? { url } : {}),
      children: bookOutline(entry.children, bookPageOf),
    };
  });
}
