/**
 * The book plan: which piece of which source page becomes which book page, after the page range, bleed,
 * cuts (auto-detected spreads or forced) and the trial limit. Sizes are in PDF points as pdfjs shows the page
 * at scale 1 (rotation applied); images count in pixels and are unified to the first image's size.
 */
import type { PagePart } from "@turnleaf/book-format";
import { Cut } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { resolvePageRange } from "./page-range.js";

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in the page's own coordinates (top-left origin, scale 1). */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type SourcePages = { kind: "pdf"; pages: Size[] } | { kind: "image"; size: Size };

/** Which piece of its source page a book page shows: part of the stored format (@turnleaf/book-format). */
export type { PagePart } from "@turnleaf/book-format";

export interface PlannedPage {
  /** 1-based book page number. */
  n: number;
  /** Index of the source in the job. */
  source: number;
  /** 0-based page in that source (0 for an image). */
  sourcePage: number;
  /** The source page's full size. */
  pageSize: Size;
  /** The piece of the source page this book page shows. */
  region: Region;
  part: PagePart;
}

export interface PlanOptions {
  cut: Cut;
  bleedPt: number;
  pageRange: string;
  /** Trial accounts: at most this many pages (undefined: no limit). */
  maxPages?: number;
}

/** Trial (unregistered) accounts import at most 12 pages or images (spec 001). */
export const trialPageLimit = 12;

/**
 * The usual single page of a document: the median (by aspect) of its portrait pages, or undefined when it has
 * none (then nothing counts as a spread: a landscape deck is not a book of spreads).
 */
export function normalPage(pages: Size[]): Size | undefined {
  const portrait = pages
    .filter((page) => page.width < page.height)
    .sort((a, b) => a.width / a.height - b.width / b.height);
  return portrait[Math.floor(portrait.length / 2)];
}

/**
 * A two-page spread: as tall as a normal page of the same document (within 10 %) and about twice as wide, so a
 * landscape page of the normal size (a table turned sideways) stays whole.
 */
export function isSpread(page: Size, normal: Size | undefined): boolean {
  if (normal === undefined || page.width <= page.height) return false;
  const height = page.height / normal.height;
  const width = page.width / (2 * normal.width);
  return height >= 0.9 && height <= 1.1 && width >= 0.85 && width <= 1.15;
}

function trimBleed(size: Size, bleedPt: number): Region {
  const bleed = Math.max(0, bleedPt);
  if (bleed * 2 >= size.width || bleed * 2 >= size.height) return { x: 0, y: 0, ...size };
  return { x: bleed, y: bleed, width: size.width - bleed * 2, height: size.height - bleed * 2 };
}

function split(region: Region, parts: "vertical" | "horizontal" | "quarters"): [PagePart, Region][] {
  const halfWidth = region.width / 2;
  const halfHeight = region.height / 2;
  const left: Region = { ...region, width: halfWidth };
  const right: Region = { ...region, x: region.x + halfWidth, width: halfWidth };
  if (parts === "vertical") {
    return [
      ["left", left],
      ["right", right],
    ];
  }
  const top: Region = { ...region, height: halfHeight };
  const bottom: Region = { ...region, y: region.y + halfHeight, height: halfHeight };
  if (parts === "horizontal") {
    return [
      ["top", top],
      ["bottom", bottom],
    ];
  }
  return [
    ["top-left", { ...left, height: halfHeight }],
    ["top-right", { ...right, height: halfHeight }],
    ["bottom-left", { ...left, y: region.y + halfHeight, height: halfHeight }],
    ["bottom-right", { ...right, y: region.y + halfHeight, height: halfHeight }],
  ];
}

/**
 * Plans the book. The page range counts the pages of all sources in order (an image is one page), before cuts;
 * the trial limit counts book pages after cuts.
 */
export function planBook(sources: SourcePages[], options: PlanOptions): PlannedPage[] {
  const flat: { source: number; sourcePage: number; size: Size; kind: "pdf" | "image"; normal?: Size }[] = [];
  const imageSize = unifiedImageSize(sources);
  for (const [source, entry] of sources.entries()) {
    if (entry.kind === "image") {
      // Every image page takes the first image's size; the image is fitted into it.
      flat.push({ source, sourcePage: 0, size: imageSize ?? entry.size, kind: "image" });
      continue;
    }
    const normal = normalPage(entry.pages);
    for (const [sourcePage, size] of entry.pages.entries())
      flat.push({ source, sourcePage, size, kind: "pdf", normal });
  }
  const wanted = resolvePageRange(options.pageRange, flat.length);
  const planned: PlannedPage[] = [];
  for (const number of wanted) {
    const page = flat[number - 1];
    if (!page) continue;
    const whole: Region = page.kind === "pdf" ? trimBleed(page.size, options.bleedPt) : { x: 0, y: 0, ...page.size };
    let pieces: [PagePart, Region][] = [["whole", whole]];
    if (options.cut === Cut.AUTO && page.kind === "pdf" && isSpread(page.size, page.normal))
      pieces = split(whole, "vertical");
    else if (options.cut === Cut.VERTICAL_HALVES) pieces = split(whole, "vertical");
    else if (options.cut === Cut.HORIZONTAL_HALVES) pieces = split(whole, "horizontal");
    else if (options.cut === Cut.QUARTERS) pieces = split(whole, "quarters");
    for (const [part, region] of pieces) {
      planned.push({
        n: planned.length + 1,
        source: page.source,
        sourcePage: page.sourcePage,
        pageSize: page.size,
        region,
        part,
      });
    }
  }
  return options.maxPages === undefined ? planned : planned.slice(0, options.maxPages);
}

/** The size images are unified to: the first image's. */
export function unifiedImageSize(sources: SourcePages[]): Size | undefined {
  for (const entry of sources) if (entry.kind === "image") return entry.size;
  return undefined;
}
