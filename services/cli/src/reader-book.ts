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
  url?: string;
  /** Spec 001 TOC entry: its sub-entries start folded. */
  collapsed?: boolean;
  children?: CatalogEntry[];
}

interface OutlineNode {
  title: string;
  page: number;
  url?: string;
  collapsed?: boolean;
  children: OutlineNode[];
}

/**
 * The project's TOC as the reader's outline, as the hosted reader gets the catalog: entries off the book dropped,
 * links to http(s) kept, and the collapse flag.
 */
function catalogOutline(catalog: CatalogEntry[], pageCount: number): OutlineNode[] {
  return catalog.flatMap((entry) => {
    const children = catalogOutline(entry.children ?? [], pageCount);
    if (!(entry.page >= 1 && entry.page <= pageCount)) return children;
    const url = typeof entry.url === "string" && /^https?:\/\//i.test(entry.url) ? entry.url : undefined;
    return [
      {
        title: entry.title,
        page: entry.page,
        ...(url ? { url } : {}),
        ...(entry.collapsed === true && children.length > 0 ? { collapsed: true } : {}),
        children,
      },
    ];
  });
}

/** The book's languages for the reader's switcher, as the hosted reader gets them: the first checked is the default. */
function readerLanguages(raw: unknown): { code: string; name: string; checked: boolean; isDefault: boolean }[] {
  if (!Array.isArray(raw)) return [];
  const languages = raw
    .filter((entry): entry is { code: string; name?: string; checked?: boolean } => typeof entry?.code === "string")
    .map((entry) => ({ code: entry.code, name: entry.name ?? entry.code, checked: entry.checked !== false }));
  const first = languages.findIndex((language) => language.checked);
  return languages.map((language, index) => ({ ...language, isDefault: index === first }));
}

/** The offline gate of a password-protected project (client-side only: the pages are in the folder). */
export interface OfflineLock {
  mode: "single";
  hint: string;
  fromPage: number;
  /** SHA-256 (hex) of `${salt}:${password}`, checked by the reader in the browser. */
  offline: { salt: string; sha256: string };
}

/** The download button of an offline book: the bundled original PDF and attachments, relative to index.html. */
export interface OfflineDownload {
  pdfUrl?: string;
  allowSinglePage: boolean;
  attachments?: { name: string; url: string }[];
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
  languages?: unknown;
  lock?: OfflineLock | null;
  /** The download button's files, when DownloadButtonVisible is on and the project allows downloads. */
  download?: OfflineDownload | null;
}): Promise<Omit<ReaderBook, "outline"> & { outline: OutlineNode[]; htmlConfig: Record<string, unknown> }> {
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
    ...(input.download !== undefined ? { settings: { download: input.download } } : {}),
  });
  const lock = input.lock ?? null;
  const languages = readerLanguages(input.languages);
  const toc = Array.isArray(input.toc) ? (input.toc as CatalogEntry[]) : [];
  const bookmarks = Array.isArray(input.bookmarks)
    ? (input.bookmarks as { caption: string; page: number; colour: string; fontColour?: string }[])
    : [];
  return {
    ...book,
    pages: pagesWithMedia(book.pages, input.media ?? { items: [], removedPdfLinks: [] }).map((page) =>
      lock && page.number >= lock.fromPage ? { ...page, locked: true } : page,
    ),
    ...(lock ? { lock } : {}),
    ...(languages.length > 0 ? { languages } : {}),
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
