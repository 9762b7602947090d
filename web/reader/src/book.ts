import type { BrandSlot, ReaderBrand } from "./brands.js";
import type { ReaderCard } from "./business-card.js";
import type { Axis, Direction } from "./engine/layout.js";
import type { Rendition } from "./engine/renditions.js";
import type { PageMedia } from "./media/media-types.js";
import { settingsFromHtmlConfig } from "./preview.js";

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
  /** A password-protected book the reader has not unlocked: its pages from fromPage on are withheld. */
  lock?: { mode: "single" | "users"; hint: string; fromPage: number } | null;
  /** Bookmark tabs on the book's side edge (the editor's tabconfig): a click jumps to the page. */
  bookmarks?: Bookmark[];
  /** The book's languages (services/language): the switcher offers the checked ones when there are two or more. */
  languages?: BookLanguage[];
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

export interface PageLink {
  /** A PDF link's id ("pdf-<page>-<index>"): the editor edits it as a media item of that id. */
  id?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  url?: string;
  page?: number;
}

export interface OutlineItem {
  title: string;
  page: number;
  /** An owner's TOC link to a URL (http(s)): the entry opens it instead of turning to `page`. */
  url?: string;
  children: OutlineItem[];
}

/** Positioned text of a page (the conversion's text/<n>.json): runs in reading order, boxes as [left, top, width, height]. */
export interface PageText {
  items: { text: string; box: [number, number, number, number] }[];
}

export interface SearchIndex {
  pages: { page: number; text: string }[];
}

export interface ReaderSettings {
  direction: Direction;
  /**
   * "vertical": calendar flipping — the spine horizontal, the earlier page above it and the later below, pages
   * turning upwards (`direction` then has no effect on the layout).
   */
  flipAxis: Axis;
  /** "auto": double pages when they fit, else single. */
  pageMode: "auto" | "single" | "double";
  /** Covers turn as stiff boards; `hardPages` makes every page do so. */
  hardCover: boolean;
  hardPages: boolean;
  /** Duration of an animated turn (spec 001: 0.3 s recommended). */
  flipTimeMs: number;
  backgroundColor: string;
  toolbarColor: string;
  searchMinLength: number;
  /** Turns pages by itself every interval; `autoFlipLoops` −1 loops for ever. */
  autoFlip: boolean;
  autoFlipIntervalSeconds: number;
  autoFlipLoops: number;
  /** Reopens the book where this browser left it. */
  lastPageMemory: boolean;
  disableRightClick: boolean;
  /** Background gradient (colours A and B, angle 30/60/90/180) over the background colour. */
  backgroundGradient: { colorA: string; colorB: string; angle: number } | null;
  /** The brands the book applies (loadingBrand, toolBarBrand, relatedBrand), as the gateway serves them. */
  brands: Partial<Record<BrandSlot, ReaderBrand>>;
  /** The owner's business card the book shows (served as htmlConfig `businessCard`), drawn in `cardStyle`. */
  businessCard: ReaderCard | null;
  /** The id of the card's style in resourceFiles/businessCards (htmlConfig `businessCardStyle`; "" the default). */
  cardStyle: string;
  /** The logo (appLogoIcon); `large` is the large logo, its height fixed at 55 px. */
  logo: { url: string; link: string; height: number; padding?: number; top?: number; large?: boolean } | null;
  /** A picture behind the book: CSS-like position and opacity 0–1. */
  backgroundImage: { url: string; position: BackgroundPosition; opacity: number } | null;
  /** The toolbar's background alpha 0–1 over `toolbarColor`, and its icons' colour. */
  toolbarAlpha: number;
  iconColor: string;
  /** The loading screen shown before the first page, at least `minSeconds`. */
  loader: LoaderSettings | null;
  /** Shadows of the book on the background and of the spine. */
  shadows: boolean;
  /** Covers' border (px and colour) and the pages' corner rounding (px). */
  coverBorderWidth: number;
  coverBorderColor: string;
  cornerRadius: number;
  /** How the spine is drawn: none, a soft gutter shade, or spiral rings. */
  binding: "none" | "gutter" | "spiral";
  /** Stacked page edges on the fore-edges, by the pages on each side. */
  thickness: "none" | "thin" | "thick";
  /** Room around the book in CSS pixels (negative grows the book past the viewport's edge); `mobileMargins` on phones. */
  margins: Margins;
  mobileMargins: Margins;
  /** A help button (and the help shown once at open when `helpAtStart`). */
  helpAtStart: boolean;
  /** A corner of the next page lifts now and then to show the book can be turned. */
  curlingCorner: boolean;
  /** Where page links and the logo open: a new tab or this one. */
  linkTarget: "_blank" | "_self";
  /**
   * Bookmark tabs (spec 000 tabconfig, spec 001 "Bookmark"): sticking out of the side (fore-)edge, else along the
   * top edge; with a paper texture.
   */
  bookmarkOnSideEdge: boolean;
  bookmarkHasTexture: boolean;
  /** Toolbar buttons shown or hidden by the book (missing keys: the reader's own choice). */
  buttons: Partial<Record<ButtonName, boolean>>;
  /** The home button's address (empty: the first page); the about button's text. */
  homeUrl: string;
  aboutText: string;
  /** The email button's subject and body: `{title}`, `{link}`, `{thumb}` are replaced. */
  email: { subject: string; body: string };
  /** The phone button: one number, or several with labels. */
  phone: { single: string; multiple: { label: string; number: string }[]; useMultiple: boolean } | null;
  /** Toolbar order on phones (button names); missing buttons keep their place after these. */
  mobileButtonOrder: ButtonName[];
  /** An advertising banner rotating its entries every `interval` ms (spec 000: 3000 by default). */
  ads: AdSettings | null;
  /** Share channels offered (spec 000 §3) by region: 0 China, 1 global, 2 all; `channels` empty: every channel of the region. */
  shareRegion: 0 | 1 | 2;
  shareChannels: string[];
  /** Analytics: a Google Analytics measurement ID and/or a tracking script (HTML with its script tag). */
  analyticsId: string;
  trackingScript: string;
  /** Read only inside an iframe (`embedOnlyMessage` outside), or only in WeChat's browser. */
  embedOnly: boolean;
  embedOnlyMessage: string;
  wechatOnly: boolean;
  /** Full-vector books (spec 000 engineType 5): the original PDF drawn by pdf.js instead of page pictures. */
  vectorPdfUrl: string;
  /** Read without the toolbar (keys, gestures and clicks still turn). */
  hideToolbar: boolean;
  /** Keep the page number at the end of the URL (`/b/<link>/<page>`) as pages turn. */
  urlPageNumber: boolean;
  /** The thumbnail panel's colour and alpha 0–1. */
  thumbnailColor: string;
  thumbnailAlpha: number;
  /** Renditions for the screen's pixel density (false: CSS pixels only, lighter). */
  hdDisplay: boolean;
  /** How many phone numbers the phone panel lists at most. */
  phoneMaxDisplay: number;
  /** The interface language when the URL names none (`?lang=` wins). */
  interfaceLanguage: string;
  /** "curl" (the 3D fold), "flat" (every page turns as a stiff board), "slide" (the spread changes at once). */
  flipStyle: "curl" | "flat" | "slide";
  /** Zoom steps as page widths in CSS pixels (up to 400 %); empty: 150, 200, 300, 400 %. */
  zoomWidths: number[];
  /** An animation drifting in front of the book: snow, rain, petals, stars, bubbles, leaves; empty for none. */
  dynamicScene: string;
  /**
   * Page-number captions: `range:caption` entries separated by semicolons, e.g. `1-2:Cover;3-6:i+;7-:1+`
   * (`n+` counts up in arabic, `i+`/`I+` in roman; `N`, `R`, `r` macros with a start number). See engine/captions.ts.
   */
  pageCaptions: string;
  /** A short synthesised rustle on each turn (Web Audio, no file). */
  flipSound: boolean;
  /** Music from the first user gesture on; `loops` −1 for ever or N times; `volume` 0–1 (or 0–100). */
  backgroundMusic: { url: string; loops: number; volume: number } | null;
  /** A print button: the visible pages or the whole book, under `printWatermark` when set. */
  print: boolean;
  printWatermark: string;
  /** A download button: the original PDF (`pdfUrl`) and, when allowed, the visible pages' pictures. */
  download: { pdfUrl?: string; allowSinglePage: boolean } | null;
  /** A magnifier toggle: a lens following the pointer with the largest rendition. */
  magnifier: boolean;
  /** Mini mode: the book drawn within maxWidth × maxHeight CSS pixels, centred, with a compact toolbar. */
  mini: { maxWidth: number; maxHeight: number } | null;
}

export type ButtonName =
  | "home"
  | "about"
  | "back"
  | "forward"
  | "first"
  | "previous"
  | "next"
  | "last"
  | "zoom"
  | "contents"
  | "thumbnails"
  | "bookmark"
  | "search"
  | "selectText"
  | "autoFlip"
  | "sound"
  | "magnifier"
  | "download"
  | "print"
  | "share"
  | "wechat"
  | "email"
  | "phone"
  | "message"
  | "annotation"
  | "help"
  | "language"
  | "fullscreen";

export type BackgroundPosition = "stretch" | "fit" | "fill" | "center" | "tile" | "top" | "bottom";

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface LoaderSettings {
  /** loadingCaptionSource: the book's title, the custom caption, none; "" (not set): the caption if any. */
  captionSource: "" | "title" | "custom" | "none";
  caption: string;
  fontSize: number;
  color: string;
  picture: string;
  background: string;
  minSeconds: number;
  video: string;
  /** loadingBackgroundColorType: 1 the loader's colour, 2 the book's background picture (when it has one). */
  backgroundType: 1 | 2;
}

export interface AdSettings {
  interval: number;
  bgColor: string;
  bgOpacity: number;
  position: "top" | "bottom";
  items: { image: string; link: string; text: string }[];
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

/** Where the reader was opened: /b/<link>[/<page>][?lang=xx]; a `book` query parameter overrides (development). */
export function readLocation(location: Location): { bookUrl: string; link: string; page: number | null; lang: string } {
  const params = new URLSearchParams(location.search);
  const match = /^\/b\/([^/]+)(?:\/(\d+))?\/?$/.exec(location.pathname);
  const link = match?.[1] ?? "";
  const page = Number(params.get("page") ?? match?.[2] ?? Number.NaN) || null;
  const bookUrl = params.get("book") ?? `/b/${link}/book.json`;
  return { bookUrl, link, page, lang: params.get("lang") ?? "" };
}
