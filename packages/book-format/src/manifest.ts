/**
 * The book folder layout (DESIGN §2) and manifest.json, the one file a reader opens first: the conversion service
 * writes it (state "converting" while pages land, pages not yet rendered have ready: false, then "ready" once every
 * page, the outline and the search index are in place); the gateway and the desktop tool read it.
 */

export const manifestFormat = 1;

export type EngineName = "hd-text" | "hd-image" | "vector";

/** A page rendition's format, which is its key's extension. */
export type ImageFormat = "webp" | "jpg" | "png";

/** Keys in the books bucket; everything inside a manifest is relative to revisionPrefix. */
export const bookKeys = {
  revisionPrefix: (bookId: string, revision: number) => `books/${bookId}/r${revision}/`,
  manifest: (bookId: string, revision: number) => `${bookKeys.revisionPrefix(bookId, revision)}manifest.json`,
  page: (n: number, width: number, format: ImageFormat) => `pages/${n}/${width}.${format}`,
  /** A JPEG (WebP in books converted before 2026-11-26: a key keeps its extension when its page moves). */
  thumb: (n: number) => `thumbs/${n}.jpg`,
  text: (n: number) => `text/${n}.json`,
  search: () => "search.json",
  /** The search index again once OCR read the scanned pages (a new key: a revision's files are cached for good). */
  searchWithOcr: () => "search-ocr.json",
  sourcePdf: (index: number, count: number) => (count === 1 ? "source.pdf" : `source-${index + 1}.pdf`),
} as const;

/** Which piece of its source page a book page shows (a spread or a sheet cut in two or four). */
export type PagePart =
  | "whole"
  | "left"
  | "right"
  | "top"
  | "bottom"
  | "top-left"
  | "top-right"
  | "bottom-left"
  | "bottom-right";

/** A normalized box: left, top, width, height as fractions of the book page. */
export type Box = [number, number, number, number];

/** A link on a book page: its box, and a web address or a 1-based book page. */
export interface BookLink {
  box: Box;
  url?: string;
  /** 1-based book page. */
  page?: number;
}

export interface ManifestPage {
  n: number;
  /** Main rendition size in pixels. */
  width: number;
  height: number;
  ready: boolean;
  /**
   * Renditions by pixel width → key. The main one (the page's width) is WebP, or a JPEG for photo pages and a PNG for
   * pages without pictures (the cheapest encoding within the reader's limits); lighter widths are WebP.
   */
  webp: Record<string, string>;
  /** The fallback for browsers without WebP: the main rendition itself when it is a PNG or a JPEG, else a JPEG. */
  jpg: string | null;
  thumb: string | null;
  text: string | null;
  links: BookLink[];
  /** Where the page comes from: source index, 0-based page, part and region (normalized to the source page). */
  source: { index: number; page: number; part: PagePart; region: Box };
}

export interface OutlineEntry {
  title: string;
  /** 1-based book page (absent when the target was not imported). */
  page?: number;
  url?: string;
  children: OutlineEntry[];
}

export interface Manifest {
  format: number;
  bookId: string;
  revision: number;
  jobId: string;
  state: "converting" | "ready";
  engine: EngineName;
  trial: boolean;
  pageCount: number;
  pagesDone: number;
  pages: ManifestPage[];
  outline: OutlineEntry[];
  search: string | null;
  /**
   * Pages without a text layer whose OCR text has not arrived yet: the book is ready and readable, search finds
   * their words once OCR read them (the manifest is written again then, without this field).
   */
  ocrPending?: number[];
  /** Source PDFs kept for the vector engine, in source order (null where a source is an image). */
  sourcePdfs: (string | null)[];
  updatedAt: string;
}

/** Whether a parsed manifest.json is one of this format (a book converted by this version or an earlier one). */
export function isManifest(value: unknown): value is Manifest {
  const candidate = value as Partial<Manifest> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    candidate.format === manifestFormat &&
    Array.isArray(candidate.pages) &&
    typeof candidate.jobId === "string"
  );
}
