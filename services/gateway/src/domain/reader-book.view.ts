import { type Manifest, readerBook as manifestReaderBook, type ReaderBook } from "@turnleaf/book-format";
import type { BookLock } from "./book-grant.js";
import { freeBookmarks, freeOutline } from "./locked-contents.js";
import { type BookReaderSettings, catalogOutline, readerBookmarks, readerDownload } from "./reader-settings.view.js";

/**
 * The hosted reader's view of a book: the conversion's manifest (books/<bookId>/r<revision>/manifest.json, mapped to
 * the reader's book.json by @turnleaf/book-format), which revision readers see, which files they may fetch,
 * and the HTML around the reader for people without JavaScript, search engines and link previews.
 */
export interface PublishedBookFacts {
  number: string;
  title: string;
  description: string;
  keywords: string;
}

/**
 * The revision a reader sees: the newest finished one (a re-conversion switches only when it is complete), or
 * while a book has none finished yet, its newest one as its pages land.
 */
export function chooseRevision(manifests: readonly { revision: number; manifest: Manifest | null }[]) {
  const present = manifests.filter(
    (entry): entry is { revision: number; manifest: Manifest } => entry.manifest !== null,
  );
  const newestFirst = [...present].sort((a, b) => b.revision - a.revision);
  return newestFirst.find((entry) => entry.manifest.state === "ready") ?? newestFirst[0];
}

/** Keys a reader may fetch inside a revision folder; anything else (manifest, sources) stays private. */
const readableAsset =
  /^(pages\/\d{1,5}\/\d{2,5}\.(webp|jpg|png)|thumbs\/\d{1,5}\.(jpg|webp)|text\/\d{1,5}\.json|search(-ocr)?\.json|source(-\d{1,3})?\.pdf)$/;

export function isReadableAsset(key: string): boolean {
  return readableAsset.test(key);
}

/** The original PDF a full-vector book keeps for pdf.js (the conversion's sourcePdfs). */
export const isSourcePdf = (key: string) => /^source(-\d{1,3})?\.pdf$/.test(key);

const assetContentTypes: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  json: "application/json",
  pdf: "application/pdf",
};

/** The Content-Type of a revision's file, told by its key's extension. */
export const assetContentType = (key: string): string =>
  assetContentTypes[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/**
 * book.json of the hosted reader: the book's files under /b/<link>/assets/<revision>/, its htmlConfig and download button,
 * its bookmarks, and its catalog as the outline when it has one (else the PDF's).
 */
export function readerBook(
  book: PublishedBookFacts,
  manifest: Manifest,
  lock: BookLock | null = null,
  owner?: BookReaderSettings,
): ReaderBookView {
  const base = `/b/${encodeURIComponent(book.number)}/assets/${manifest.revision}/`;
  // Full-vector books (spec 000 engineType 5) with one source PDF: the reader draws it with pdf.js, unless locked.
  const vectorPdf =
    manifest.engine === "vector" && manifest.sourcePdfs.length === 1 && manifest.sourcePdfs[0] && !lock
      ? { vectorPdfUrl: `${base}${manifest.sourcePdfs[0]}` }
      : {};
  const view = manifestReaderBook(manifest, {
    link: book.number,
    title: book.title,
    assetUrl: (key) => `${base}${key}`,
    lock,
    settings: { ...(owner ? readerDownload(owner.htmlConfig, owner.download) : {}), ...vectorPdf },
  });
  // Locked: the contents and bookmarks of the free pages only (the protected pages' titles are withheld like them).
  const free = <T>(all: T[], filter: (items: T[], fromPage: number) => T[]) =>
    lock ? filter(all, lock.fromPage) : all;
  if (!owner) return { ...view, outline: free(view.outline, freeOutline) };
  const outline = owner.catalog.length > 0 ? catalogOutline(owner.catalog, manifest.pageCount) : view.outline;
  return {
    ...view,
    outline: free(outline, freeOutline),
    htmlConfig: owner.htmlConfig,
    bookmarks: free(readerBookmarks(owner.bookmarks), freeBookmarks),
  };
}

export type ReaderBookView = ReaderBook & {
  htmlConfig?: Record<string, unknown>;
  bookmarks?: ReturnType<typeof readerBookmarks>;
  /** The book's languages (the reader's language switcher). */
  languages?: { code: string; name: string; checked: boolean; isDefault: boolean }[];
};

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);

/** JSON safe inside a <script> element: no "</script>" or "<!--" can appear. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The reader's HTML for one page URL: title, description, Open Graph, JSON-LD and the canonical URL in the head;
 * the book data inline (no second round trip before the first page) and the page's text as an article for
 * search engines and readers without JavaScript.
 */
export function readerHtml(input: {
  template: string;
  origin: string;
  book: ReaderBookView;
  facts: PublishedBookFacts;
  page: number;
  pageText: string;
}): string {
  const { template, origin, book, facts, page } = input;
  const pageCount = book.pageCount;
  const pageUrl = `${origin}/b/${encodeURIComponent(facts.number)}/${page}`;
  const bookUrl = `${origin}/b/${encodeURIComponent(facts.number)}`;
  const current = book.pages[page - 1];
  const image = [...(book.pages[0]?.renditions ?? [])]
    .sort((a, b) => a.width - b.width)
    .find((rendition) => rendition.width >= 800);
  const preload = [...(current?.renditions ?? [])]
    .sort((a, b) => a.width - b.width)
    .find((rendition) => rendition.width >= 800);
  const description = facts.description || `${facts.title} (${pageCount})`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Book",
    name: facts.title,
    description,
    url: bookUrl,
    numberOfPages: pageCount,
    ...(facts.keywords ? { keywords: facts.keywords } : {}),
    ...(image ? { image: `${origin}${image.url}` } : {}),
  };
  const head = [
    `<title>${escapeHtml(facts.title)}${page > 1 ? ` · ${page}` : ""}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    facts.keywords ? `<meta name="keywords" content="${escapeHtml(facts.keywords)}" />` : "",
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    `<meta property="og:type" content="book" />`,
    `<meta property="og:title" content="${escapeHtml(facts.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(bookUrl)}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(`${origin}${image.url}`)}" />` : "",
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${origin}/oembed?url=${encodeURIComponent(bookUrl)}`)}" title="${escapeHtml(facts.title)}" />`,
    preload ? `<link rel="preload" as="image" href="${escapeHtml(preload.url)}" fetchpriority="high" />` : "",
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join("\n    ");
  const previous =
    page > 1 ? `<a href="/b/${encodeURIComponent(facts.number)}/${page - 1}" rel="prev">${page - 1}</a>` : "";
  const next =
    page < pageCount ? `<a href="/b/${encodeURIComponent(facts.number)}/${page + 1}" rel="next">${page + 1}</a>` : "";
  const body = [
    `<script type="application/json" id="turnleaf-book">${scriptJson(book)}</script>`,
    `<noscript><article><h1>${escapeHtml(facts.title)}</h1><section aria-label="${page}"><h2>${page} / ${pageCount}</h2><p>${escapeHtml(input.pageText)}</p></section><nav>${previous} ${next}</nav></article></noscript>`,
  ].join("\n    ");
  return template.replace("<!--turnleaf:head-->", head).replace("<!--turnleaf:body-->", body);
}

/** oEmbed (rich): the embed code of a book, for sites that unfurl links. */
export function oembed(origin: string, facts: PublishedBookFacts, size: { width: number; height: number }) {
  const src = `${origin}/b/${encodeURIComponent(facts.number)}`;
  return {
    version: "1.0",
    type: "rich",
    provider_name: "Turnleaf",
    provider_url: origin,
    title: facts.title,
    width: size.width,
    height: size.height,
    html: `<iframe src="${escapeHtml(src)}" title="${escapeHtml(facts.title)}" width="${size.width}" height="${size.height}" style="border:0" allowfullscreen></iframe>`,
  };
}
