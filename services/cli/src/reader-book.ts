/**
 * The reader's book.json for an offline flipbook: the conversion's mapping (@turnleaf/book-format, as the
 * gateway's hosted view uses it) with URLs relative to FlipBook/index.html, and the page texts and search index
 * inlined as data: URLs because a page opened from disk cannot fetch files next to it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { landedPages, type Manifest, type ReaderBook, readerBook } from "@turnleaf/book-format";
import { type ProjectMedia, pagesWithMedia } from "./page-media.js";

async function jsonDataUrl(path: string): Promise<string | null> {
  try {
    const text = await readFile(path, "utf8");
    return `data:application/json;base64,${Buffer.from(text, "utf8").toString("base64")}`;
  } catch {
    return null;
  }
}

interface CatalogEntry {
  title: string;
  page: number;
  children?: CatalogEntry[];
}

/** The project's TOC as the reader's outline, as the hosted reader gets the catalog: entries off the book dropped. */
function catalogOutline(catalog: CatalogEntry[], pageCount: number): ReaderBook["outline"] {
  return catalog.flatMap((entry) => {
    const children = catalogOutline(entry.children ?? [], pageCount);
    if (!(entry.page >= 1 && entry.page <= pageCount)) return children;
    return [{ title: entry.title, page: entry.page, children }];
  });
}

/**
 * `assets` is where the book folder's files are, relative to index.html ("files/"). The project's settings are the
 * editor's htmlConfig keys: the reader applies them as it does the hosted book's; its TOC replaces the PDF's outline
 * and its bookmarks become the side tabs.
 */
export async function offlineReaderBook(input: {
  manifest: Manifest;
  bookDir: string;
  title: string;
  assets: string;
  htmlConfig: Record<string, unknown>;
  toc?: unknown;
  bookmarks?: unknown;
  /** project.json's media items on pages, checked (./page-media.ts), their files' addresses already local. */
  media?: ProjectMedia;
}): Promise<ReaderBook & { htmlConfig: Record<string, unknown> }> {
  const { manifest, bookDir, assets } = input;
  // Text and the search index are read now: the mapping asks for their URLs synchronously.
  const inlined = new Map<string, string | null>();
  const dataKeys = [
    ...landedPages(manifest).flatMap((page) => (page.text ? [page.text] : [])),
    ...(manifest.search ? [manifest.search] : []),
  ];
  for (const key of dataKeys) inlined.set(key, await jsonDataUrl(join(bookDir, key)));
  const book = readerBook(manifest, {
    link: "",
    title: input.title,
    assetUrl: (key) => `${assets}${key}`,
    dataUrl: (key) => inlined.get(key) ?? null,
  });
  const toc = Array.isArray(input.toc) ? (input.toc as CatalogEntry[]) : [];
  const bookmarks = Array.isArray(input.bookmarks)
    ? (input.bookmarks as { caption: string; page: number; colour: string; fontColour?: string }[])
    : [];
  return {
    ...book,
    pages: pagesWithMedia(book.pages, input.media ?? { items: [], removedPdfLinks: [] }),
    outline: toc.length > 0 ? catalogOutline(toc, manifest.pageCount) : book.outline,
    htmlConfig: input.htmlConfig,
    ...(bookmarks.length > 0
      ? {
          bookmarks: bookmarks.map((bookmark) => ({
            page: bookmark.page,
            caption: bookmark.caption,
            colour: bookmark.colour,
            textColour: bookmark.fontColour || "#ffffff",
          })),
        }
      : {}),
  };
}

/** Every file of the book folder a reader may load: WebP renditions and thumbnails. */
export function readerAssetKeys(manifest: Manifest): string[] {
  return manifest.pages.flatMap((page) => [...Object.values(page.webp), ...(page.thumb ? [page.thumb] : [])]);
}
