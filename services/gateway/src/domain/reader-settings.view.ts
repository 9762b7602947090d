/**
 * The hosted reader's settings from the book's htmlConfig (spec 000 §3): the editor's keys mapped onto the reader's
 * (web/reader/src/book.ts ReaderSettings), with the same key table as the reader's live preview
 * (web/reader/src/preview.ts). Keys the reader does not know are left out; the reader fills the rest from its
 * defaults.
 */
type Kind = "boolean" | "number" | "string" | "direction" | "flipTime" | "music" | "pageMode";

/** htmlConfig key → [reader setting, how its value is read]. */
export const readerSettingKeys: Record<string, [string, Kind]> = {
  bgColor: ["backgroundColor", "string"],
  backgroundColor: ["backgroundColor", "string"],
  toolbarColor: ["toolbarColor", "string"],
  flipDirection: ["direction", "direction"],
  direction: ["direction", "direction"],
  flippingTime: ["flipTimeMs", "flipTime"],
  pageMode: ["pageMode", "pageMode"],
  hardCover: ["hardCover", "boolean"],
  hardPages: ["hardPages", "boolean"],
  searchMinLength: ["searchMinLength", "number"],
  autoFlip: ["autoFlip", "boolean"],
  autoFlipIntervalSeconds: ["autoFlipIntervalSeconds", "number"],
  lastPageMemory: ["lastPageMemory", "boolean"],
  pageCaptions: ["pageCaptions", "string"],
  flipSound: ["flipSound", "boolean"],
  backgroundMusic: ["backgroundMusic", "music"],
  print: ["print", "boolean"],
  printWatermark: ["printWatermark", "string"],
  magnifier: ["magnifier", "boolean"],
};

/** Spec 000 §5: yes, show, true (any case) are true; anything else false. */
export function settingBoolean(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  return ["yes", "show", "true"].includes(String(value).trim().toLowerCase());
}

function musicOf(value: unknown): { url: string; loops: number; volume: number } | null | undefined {
  let music = value;
  if (typeof music === "string") {
    const text = music.trim();
    if (!text) return null;
    try {
      music = text.startsWith("{") ? JSON.parse(text) : { url: text };
    } catch {
      return undefined;
    }
  }
  if (music === null || music === false || typeof music !== "object") return null;
  const { url, loops, volume } = music as Record<string, unknown>;
  if (typeof url !== "string" || !url) return null;
  return { url, loops: Number(loops ?? -1) || -1, volume: Number(volume ?? 1) };
}

function settingValue(kind: Kind, key: string, value: unknown): unknown {
  switch (kind) {
    case "boolean":
      return settingBoolean(value);
    case "number": {
      const number = Number(value);
      return Number.isFinite(number) ? number : undefined;
    }
    case "flipTime": {
      // flippingTime is in seconds (spec 001: 0.3 s recommended); a value of 20 or more is already milliseconds.
      const number = Number(value);
      if (!Number.isFinite(number) || number < 0) return undefined;
      return key === "flippingTime" && number < 20 ? Math.round(number * 1000) : number;
    }
    case "direction":
      return String(value).trim().toLowerCase() === "rtl" ? "rtl" : "ltr";
    case "pageMode": {
      const mode = String(value).trim().toLowerCase();
      return mode === "single" || mode === "double" || mode === "auto" ? mode : undefined;
    }
    case "music":
      return musicOf(value);
    default:
      return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  }
}

export interface ReaderDownloadFacts {
  downloadPdf: boolean;
  downloadPdfUrl: string;
  downloadSinglePage: boolean;
}

/** The reader's settings from htmlConfig (and the download button from the download config). */
export function readerSettings(htmlConfig: Record<string, unknown>, download?: ReaderDownloadFacts) {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(htmlConfig)) {
    const entry = readerSettingKeys[key];
    if (!entry || value === undefined || value === null) continue;
    // The editor's flip direction may also be the calendar axis (vertical / horizontal).
    if (key === "flipDirection") {
      const choice = String(value).trim().toLowerCase();
      if (choice === "vertical" || choice === "horizontal") {
        settings.flipAxis = choice;
        continue;
      }
    }
    const mapped = settingValue(entry[1], key, value);
    if (mapped !== undefined) settings[entry[0]] = mapped;
  }
  if ("DownloadButtonVisible" in htmlConfig) {
    settings.download =
      settingBoolean(htmlConfig.DownloadButtonVisible) && download
        ? {
            ...(download.downloadPdf && download.downloadPdfUrl ? { pdfUrl: download.downloadPdfUrl } : {}),
            allowSinglePage: download.downloadSinglePage,
          }
        : null;
  }
  return settings;
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
  children: OutlineNode[];
}

/** The catalog as the reader's outline (pages beyond the book's dropped with their children lifted). */
export function catalogOutline(
  catalog: readonly { title: string; page: number; children: readonly unknown[] }[],
  pageCount: number,
): OutlineNode[] {
  return catalog.flatMap((node) => {
    const children = catalogOutline(node.children as typeof catalog, pageCount);
    if (node.page < 1 || (pageCount > 0 && node.page > pageCount)) return children;
    return [{ title: node.title, page: node.page, children }];
  });
}

/** What GetPublishedBook answers of the owner's settings, for the reader's book.json. */
export interface BookReaderSettings {
  htmlConfig: Record<string, unknown>;
  download: ReaderDownloadFacts;
  bookmarks: readonly { caption: string; page: number; colour: string; fontColour: string }[];
  catalog: readonly { title: string; page: number; children: readonly unknown[] }[];
}

/** The reader settings of a published book (GetPublishedBook's fields). */
export function bookReaderSettings(book: {
  htmlConfigJson: string;
  downloadPdf: boolean;
  downloadPdfUrl: string;
  downloadSinglePage: boolean;
  bookmarks: readonly { caption: string; page: number; colour: string; fontColour: string }[];
  catalog: readonly { title: string; page: number; children: readonly unknown[] }[];
}): BookReaderSettings {
  return {
    htmlConfig: parseHtmlConfig(book.htmlConfigJson),
    download: {
      downloadPdf: book.downloadPdf,
      downloadPdfUrl: book.downloadPdfUrl,
      downloadSinglePage: book.downloadSinglePage,
    },
    bookmarks: book.bookmarks,
    catalog: book.catalog,
  };
}
