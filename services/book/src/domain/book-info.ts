import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { normaliseText } from "@turnleaf/resource-files";
import type { BookDocument } from "../data/book.schema.js";
import type { Bookmark } from "./book-bookmarks.js";
import { type CatalogNode, textTooLong } from "./book-catalog.js";
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
    label: book.label ?? 0,
    categoryId: book.categoryId ?? "",
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
    downloadAttachments: download?.isDownloadAttach ? download.attachments.map(({ name, url }) => ({ name, url })) : [],
  };
}

/** Limits of the book's own info (update-book). */
export const bookInfoLimits = { title: 100, description: 2000, keywords: 500, categoryId: 20 } as const;

/** The info fields update-book stores; a field left out is unchanged. */
export interface BookInfoFields {
  title?: string;
  description?: string;
  keywords?: string;
  label?: number;
  categoryId?: string;
}

export interface BookInfoChange {
  title?: string | undefined;
  description?: string | undefined;
  keywords?: string | undefined;
  label?: string | undefined;
  categoryId?: string | undefined;
}

const invalid = (text: CodedMessage, field: string) =>
  new DomainError("INVALID_ARGUMENT", text, { details: { field } });

function atMost(value: string, limit: number, field: string): string {
  if (value.length > limit) throw invalid(textTooLong(field, limit), field);
  return value;
}

/**
 * The info fields to store, validated (spec 000 §3 title, desc, keyword, label, categoryId): texts normalised (control
 * and bidi-override characters removed; line breaks kept in the description only) and trimmed, keywords
 * kept as written (comma- or space-separated). Throws INVALID_ARGUMENT on the first bad field, before anything is
 * saved.
 */
export function bookInfoFields(change: BookInfoChange): BookInfoFields {
  const fields: BookInfoFields = {};
  if (change.title !== undefined) {
    const title = normaliseText(change.title).trim();
    if (title === "") throw invalid(message("upload.titleRequired"), "title");
    fields.title = atMost(title, bookInfoLimits.title, "title");
  }
  if (change.description !== undefined) {
    const description = normaliseText(change.description, { multiline: true }).trim();
    fields.description = atMost(description, bookInfoLimits.description, "desc");
  }
  if (change.keywords !== undefined) {
    fields.keywords = atMost(normaliseText(change.keywords).trim(), bookInfoLimits.keywords, "keyword");
  }
  if (change.label !== undefined) {
    const label = change.label.trim();
    if (!/^[0-3]$/.test(label))
      throw invalid(message("field.oneOf", { field: "label", allowed: "0, 1, 2, 3" }), "label");
    fields.label = Number(label);
  }
  if (change.categoryId !== undefined) {
    const categoryId = change.categoryId.trim();
    if (!new RegExp(`^[0-9]{0,${bookInfoLimits.categoryId}}$`).test(categoryId)) {
      throw invalid(message("field.digits", { field: "categoryId", max: bookInfoLimits.categoryId }), "categoryId");
    }
    fields.categoryId = categoryId;
  }
  return fields;
}
