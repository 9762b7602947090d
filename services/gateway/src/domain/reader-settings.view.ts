/**
 * What the hosted reader gets of a book's editor data besides its pages. The htmlConfig itself goes to the reader as
 * it is: the reader maps it with the same code as the editor's live preview (web/reader/src/preview.ts), so the
 * preview and the published book cannot disagree. Only what needs the server's data is settled here: the download
 * button (from the download config, whose code never leaves the server), the bookmark tabs and the catalog outline.
 */
/** Spec 000 §5: yes, show, true (any case) are true; anything else false. */
export function settingBoolean(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  return ["yes", "show", "true"].includes(String(value).trim().toLowerCase());
}

export interface ReaderDownloadFacts {
  downloadPdf: boolean;
  downloadPdfUrl: string;
  downloadSinglePage: boolean;
  /** The owner's attachments readers may download. */
  downloadAttachments?: readonly { name: string; url: string }[];
}

/** The reader's download button: on with DownloadButtonVisible, pointing at the original PDF when the config allows. */
export function readerDownload(htmlConfig: Record<string, unknown>, download?: ReaderDownloadFacts) {
  if (!("DownloadButtonVisible" in htmlConfig)) return {};
  return {
    download:
      settingBoolean(htmlConfig.DownloadButtonVisible) && download
        ? {
            ...(download.downloadPdf && download.downloadPdfUrl ? { pdfUrl: download.downloadPdfUrl } : {}),
            allowSinglePage: download.downloadSinglePage,
            ...(download.downloadAttachments?.length
              ? { attachments: download.downloadAttachments.map(({ name, url }) => ({ name, url })) }
              : {}),
          }
        : null,
  };
}

/** htmlConfig JSON as stored; anything unreadable is no settings. */
export function parseHtmlConfig(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The reader's bookmark tabs from the book's bookmarks. */
export function readerBookmarks(
  bookmarks: readonly { caption: string; page: number; colour: string; fontColour: string }[],
) {
  return bookmarks.map((bookmark) => ({
    page: bookmark.page,
    caption: bookmark.caption,
    colour: bookmark.colour,
    textColour: bookmark.fontColour || "#ffffff",
  }));
}

export interface OutlineNode {
  title: string;
  page: number;
  /** The owner's link (spec 001 link kinds): an http(s) URL the reader opens instead of turning to `page`. */
  url?: string;
  /** Spec 001 TOC entry's collapse flag: the sub-entries start folded. */
  collapsed?: boolean;
  children: OutlineNode[];
}

/** The catalog as the reader's outline (pages beyond the book's dropped with their children lifted). */
export function catalogOutline(
  catalog: readonly { title: string; page: number; url?: string; collapsed?: boolean; children: readonly unknown[] }[],
  pageCount: number,
): OutlineNode[] {
  return catalog.flatMap((node) => {
    const children = catalogOutline(node.children as typeof catalog, pageCount);
    if (node.page < 1 || (pageCount > 0 && node.page > pageCount)) return children;
    // Stored links were checked when saved; only http(s) ever reaches a reader's link.
    const url = /^https?:\/\//i.test(node.url ?? "") ? node.url : undefined;
    return [
      {
        title: node.title,
        page: node.page,
        ...(url ? { url } : {}),
        ...(node.collapsed && children.length > 0 ? { collapsed: true } : {}),
        children,
      },
    ];
  });
}

/** What GetPublishedBook answers of the owner's settings, for the reader's book.json. */
export interface BookReaderSettings {
  htmlConfig: Record<string, unknown>;
  download: ReaderDownloadFacts;
  bookmarks: readonly { caption: string; page: number; colour: string; fontColour: string }[];
  catalog: readonly { title: string; page: number; url?: string; collapsed?: boolean; children: readonly unknown[] }[];
}

/** The reader settings of a published book (GetPublishedBook's fields). */
export function bookReaderSettings(book: {
  htmlConfigJson: string;
  downloadPdf: boolean;
  downloadPdfUrl: string;
  downloadSinglePage: boolean;
  downloadAttachments?: readonly { name: string; url: string }[];
  bookmarks: readonly { caption: string; page: number; colour: string; fontColour: string }[];
  catalog: readonly { title: string; page: number; url?: string; collapsed?: boolean; children: readonly unknown[] }[];
}): BookReaderSettings {
  return {
    htmlConfig: parseHtmlConfig(book.htmlConfigJson),
    download: {
      downloadPdf: book.downloadPdf,
      downloadPdfUrl: book.downloadPdfUrl,
      downloadSinglePage: book.downloadSinglePage,
      downloadAttachments: book.downloadAttachments ?? [],
    },
    bookmarks: book.bookmarks,
    catalog: book.catalog,
  };
}
