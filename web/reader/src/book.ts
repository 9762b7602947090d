import type { PageLink } from "@turnleaf/resource-files";
import type { Rendition } from "./engine/renditions.js";
import type { PageMedia } from "./media/media-types.js";
import type { PageAudioBook } from "./page-audio/types.js";
import { settingsFromHtmlConfig } from "./preview.js";
import type { ReaderSettings } from "./settings/types.js";

export type {
  AdSettings,
  BackgroundPosition,
  ButtonName,
  LoaderSettings,
  Margins,
  ReaderSettings,
} from "./settings/types.js";

/**
 * What the reader is given for one book (`/b/<link>/book.json`, composed by the gateway from the book's
 * settings and its conversion manifest). Coordinates of links and text are fractions of the page (0–1).
 */
export interface ReaderBook {
  link: string;
  title: string;
  /** The book's page size (first page), for the layout's aspect ratio. */
  pageWidth: number;
  pageHeight: number;
  pages: ReaderPage[];
  outline: OutlineItem[];
  /** Where the search index is, when the book was converted with one. */
  searchUrl: string | null;
  /** "converting" while pages still land: the reader polls for more. */
  state: "converting" | "ready";
  /** The book's page count once converted (pages may hold fewer while converting). */
  pageCount: number;
  settings: ReaderSettings;
  /** The book's saved editor settings (htmlConfig keys), applied over `settings` by the preview's mapping. */
  htmlConfig?: Record<string, unknown>;
  /**
   * A password-protected book the reader has not unlocked, or a lead form the reader has not sent yet (mode "lead"):
   * its pages from fromPage on are withheld.
   */
  lock?: {
    mode: "single" | "users" | "lead";
    hint: string;
    fromPage: number;
    /**
     * An offline flipbook's gate (turnleaf publish): the password is checked here in the browser against SHA-256 of
     * `${salt}:${password}`, and the pages are in the folder anyway: no real protection, as the tool's help says.
     */
    offline?: { salt: string; sha256: string };
  } | null;
  /** Bookmark tabs on the book's side edge (the editor's tabconfig): a click jumps to the page. */
  bookmarks?: Bookmark[];
  /** The book's languages (services/language): the switcher offers the checked ones when there are two or more. */
  languages?: BookLanguage[];
  /** Each page's audio and the play settings (issue #37); absent when no page has audio. */
  pageAudio?: PageAudioBook;
}

export interface BookLanguage {
  code: string;
  name: string;
  checked?: boolean;
  isDefault?: boolean;
}

export interface Bookmark {
  page: number;
  caption: string;
  /** The tab's background colour (any CSS colour). */
  colour: string;
  /** The caption's colour; white by default (spec 000). */
  textColour?: string;
}

export interface ReaderPage {
  number: number;
  width: number;
  height: number;
  renditions: Rendition[];
  thumbUrl: string;
  textUrl: string | null;
  links: PageLink[];
  /** Withheld until the reader enters the book's password. */
  locked?: boolean;
  /** Items the owner placed on the page (links, video, audio, pictures, notes), drawn by the lazy media layer. */
  media?: PageMedia[];
}

export type { PageLink };

export interface OutlineItem {
  title: string;
  page: number;
  /** An owner's TOC link to a URL (http(s)): the entry opens it instead of turning to `page`. */
  url?: string;
  /** Spec 001 TOC entry's collapse flag: its sub-entries start folded. */
  collapsed?: boolean;
  children: OutlineItem[];
}

/** Positioned text of a page (the conversion's text/<n>.json): runs in reading order, boxes as [left, top, width, height]. */
export interface PageText {
  items: { text: string; box: [number, number, number, number] }[];
}

export interface SearchIndex {
  pages: { page: number; text: string }[];
}

export const defaultSettings: ReaderSettings = {
  direction: "ltr",
  flipAxis: "horizontal",
  pageMode: "auto",
  hardCover: true,
  hardPages: false,
  flipTimeMs: 300,
  backgroundColor: "#3a3f47",
  toolbarColor: "#20242b",
  searchMinLength: 2,
  autoFlip: false,
  autoFlipIntervalSeconds: 3,
  autoFlipLoops: -1,
  lastPageMemory: true,
  disableRightClick: false,
  backgroundGradient: null,
  logo: null,
  brands: {},
  businessCard: null,
  cardStyle: "",
  pageCaptions: "",
  flipSound: true,
  backgroundMusic: null,
  print: false,
  printWatermark: "",
  download: null,
  magnifier: true,
  mini: null,
  backgroundImage: null,
  toolbarAlpha: 1,
  iconColor: "#ffffff",
  loader: null,
  shadows: true,
  coverBorderWidth: 0,
  coverBorderColor: "#572f0d",
  cornerRadius: 0,
  binding: "gutter",
  thickness: "none",
  margins: { top: 16, right: 16, bottom: 16, left: 16 },
  mobileMargins: { top: 8, right: 8, bottom: 8, left: 8 },
  helpAtStart: false,
  curlingCorner: false,
  linkTarget: "_blank",
  bookmarkOnSideEdge: true,
  bookmarkHasTexture: false,
  buttons: {},
  homeUrl: "",
  aboutText: "",
  email: { subject: "{title}", body: "{link}" },
  phone: null,
  mobileButtonOrder: [],
  ads: null,
  shareRegion: 2,
  shareChannels: [],
  analyticsId: "",
  trackingScript: "",
  embedOnly: false,
  embedOnlyMessage: "",
  wechatOnly: false,
  vectorPdfUrl: "",
  hideToolbar: false,
  urlPageNumber: true,
  thumbnailColor: "#14161b",
  thumbnailAlpha: 0.96,
  hdDisplay: true,
  phoneMaxDisplay: 3,
  interfaceLanguage: "",
  flipStyle: "curl",
  zoomWidths: [],
  dynamicScene: "",
};

export async function loadBook(url: string): Promise<ReaderBook> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`book not available (HTTP ${response.status})`);
  return readyBook((await response.json()) as ReaderBook);
}

/** A book as it arrives (inline or fetched) with its settings complete: defaults, then its own, then htmlConfig. */
export function readyBook(book: ReaderBook): ReaderBook {
  return { ...book, settings: settingsFromHtmlConfig({ ...defaultSettings, ...book.settings }, book.htmlConfig ?? {}) };
}

/** An offline book after its password was entered: every page shown. */
export function unlockedOffline(book: ReaderBook): ReaderBook {
  return { ...book, lock: null, pages: book.pages.map((page) => (page.locked ? { ...page, locked: false } : page)) };
}

/** SHA-256 (hex) of an offline book's salt and a password, as `turnleaf publish` wrote it. */
export async function offlinePasswordMatches(
  offline: { salt: string; sha256: string },
  password: string,
): Promise<boolean> {
  const bytes = new TextEncoder().encode(`${offline.salt}:${password}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return hex === offline.sha256;
}

/** Where the reader was opened (readLocation). */
export interface ReaderLocation {
  /** Where book.json is fetched from (again, as the live book reloads). */
  bookUrl: string;
  link: string;
  /** The page in the URL; null opens where this browser left the book (last-page memory) or at page 1. */
  page: number | null;
  /** `?lang=` of the URL: languages other than Chinese and English load their labels from the gateway. */
  lang: string;
}

/** Where the reader was opened: /b/<link>[/<page>][?lang=xx]; a `book` query parameter overrides (development). */
export function readLocation(location: Location): ReaderLocation {
  const params = new URLSearchParams(location.search);
  const match = /^\/b\/([^/]+)(?:\/(\d+))?\/?$/.exec(location.pathname);
  const link = match?.[1] ?? "";
  const page = Number(params.get("page") ?? match?.[2] ?? Number.NaN) || null;
  const bookUrl = params.get("book") ?? `/b/${link}/book.json`;
  return { bookUrl, link, page, lang: params.get("lang") ?? "" };
}
