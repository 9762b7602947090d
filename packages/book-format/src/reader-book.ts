/**
 * The reader's book.json (web/reader/src/book.ts) from a manifest: the ready prefix of pages (numbering never
 * skips while a book converts), WebP renditions, outline entries that have a book page, link boxes. Where the
 * files are is the caller's: the gateway serves them under /b/<link>/assets/…, an offline flipbook beside its
 * index.html. Under a lock (a protected book the reader has not unlocked) the pages from lock.fromPage on come
 * without pictures, text or links, and the search index is withheld.
 */
import type { Manifest, ManifestPage, OutlineEntry } from "./manifest.js";

export interface ReaderOutlineItem {
  title: string;
  page: number;
  children: ReaderOutlineItem[];
}

export interface ReaderLock {
  /** A password (one for all, or per user), or a lead form that must be filled in first. */
  mode: "single" | "users" | "lead";
  hint: string;
  fromPage: number;
}

export interface ReaderBookOptions {
  link: string;
  title: string;
  /** The URL of a file of the book folder (a manifest key). */
  assetUrl(key: string): string;
  /** The URL a page's text or the search index is read from; by default `assetUrl`. */
  dataUrl?(key: string): string | null;
  lock?: ReaderLock | null;
  settings?: Record<string, unknown>;
}

function outlineItems(entries: OutlineEntry[]): ReaderOutlineItem[] {
  return entries.flatMap((entry) => {
    const children = outlineItems(entry.children);
    if (entry.page === undefined) return children;
    return [{ title: entry.title, page: entry.page, children }];
  });
}

export function landedPages(manifest: Pick<Manifest, "pages">): ManifestPage[] {
  const landed: ManifestPage[] = [];
  for (const page of manifest.pages) {
    if (!page.ready) break;
    landed.push(page);
  }
  return landed;
}

export function readerBook(manifest: Manifest, options: ReaderBookOptions) {
  const { assetUrl, lock = null } = options;
  const dataUrl = options.dataUrl ?? assetUrl;
  const first = manifest.pages[0];
  const pages = landedPages(manifest).map((page) => {
    const locked = lock !== null && page.n >= lock.fromPage;
    return {
      number: page.n,
      width: page.width,
      height: page.height,
      renditions: locked
        ? []
        : Object.entries(page.webp).map(([width, key]) => ({ width: Number(width), url: assetUrl(key) })),
      thumbUrl: !locked && page.thumb ? assetUrl(page.thumb) : "",
      textUrl: !locked && page.text ? dataUrl(page.text) : null,
      links: locked
        ? []
        : page.links.map(({ box: [x, y, width, height], url, page: target }) => ({
            x,
            y,
            width,
            height,
            ...(url ? { url } : {}),
            ...(target ? { page: target } : {}),
          })),
      locked,
    };
  });
  return {
    link: options.link,
    title: options.title,
    pageWidth: first?.width || 1,
    pageHeight: first?.height || 1,
    pages,
    outline: outlineItems(manifest.outline),
    searchUrl: manifest.search && !lock ? dataUrl(manifest.search) : null,
    lock,
    state: manifest.state,
    pageCount: manifest.pageCount,
    settings: options.settings ?? {},
  };
}

export type ReaderBook = ReturnType<typeof readerBook>;
