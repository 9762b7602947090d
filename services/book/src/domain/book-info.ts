import type { BookDocument } from "../data/book.schema.js";
import type { Bookmark } from "./book-bookmarks.js";
import type { CatalogNode } from "./book-catalog.js";
import {
  absoluteFilePaths,
  type BookSettings,
  type DownloadConfig,
  decodeDownloadCode,
  encodeDownloadCode,
  type HtmlConfig,
  type Plugin,
} from "./book-settings.js";

function parsedOr<T>(text: string | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The stored settings of a book, the download code decoded. */
export function storedSettings(book: BookDocument): BookSettings {
  const htmlConfig = parsedOr<HtmlConfig>(book.htmlConfigJson, {});
  const plugins = parsedOr<Plugin[]>(book.pluginsJson, []);
  const stored = book.downloadConfig ?? null;
  return {
    htmlConfig: htmlConfig && typeof htmlConfig === "object" && !Array.isArray(htmlConfig) ? htmlConfig : {},
    plugins: Array.isArray(plugins) ? plugins : [],
    downloadConfig: stored ? { ...stored, code: stored.code ? decodeDownloadCode(stored.code) : "" } : null,
    isDownload: book.isDownload ?? false,
  };
}

/** What update-book stores: JSON texts and the download code reversed and base64-encoded. */
export function settingsToStore(settings: BookSettings): {
  htmlConfigJson: string;
  pluginsJson: string;
  downloadConfig: DownloadConfig | null;
  isDownload: boolean;
} {
  const download = settings.downloadConfig;
  return {
    htmlConfigJson: JSON.stringify(settings.htmlConfig),
    pluginsJson: JSON.stringify(settings.plugins),
    downloadConfig: download ? { ...download, code: download.code ? encodeDownloadCode(download.code) : "" } : null,
    isDownload: settings.isDownload,
  };
}

/** The owner's book info (get-book / update-book reply): file paths absolute against baseUrl. */
export function bookInfo(book: BookDocument, revisions: number[], baseUrl: string) {
  const settings = storedSettings(book);
  return {
    bookId: book.bookId,
    number: book.number,
    title: book.title,
    description: book.description ?? "",
    keywords: book.keywords ?? "",
    bStatus: book.bStatus,
    source: book.source ?? -1,
    htmlConfigJson: JSON.stringify(absoluteFilePaths(settings.htmlConfig, baseUrl)),
    pluginsJson: JSON.stringify(settings.plugins),
    downloadConfigJson: settings.downloadConfig ? JSON.stringify(settings.downloadConfig) : "",
    isDownload: settings.isDownload,
    catalog: (book.catalog ?? []) as CatalogNode[],
    bookmarks: (book.bookmarks ?? []) as Bookmark[],
    revisions,
  };
}

/** What readers get of the settings (GetPublishedBook): never the download code. */
export function publishedSettings(book: BookDocument) {
  const settings = storedSettings(book);
  const download = settings.downloadConfig;
  return {
    htmlConfigJson: JSON.stringify(settings.htmlConfig),
    bookmarks: (book.bookmarks ?? []) as Bookmark[],
    catalog: (book.catalog ?? []) as CatalogNode[],
    downloadPdf: Boolean(download?.pdf.url),
    downloadPdfUrl: download?.pdf.url ?? "",
    downloadSinglePage: download ? !download.hideDownloadSinglePage : false,
  };
}
