import type { BrandSlot, ReaderBrand } from "../brands/types.js";
import type { ReaderCard } from "../business-card/types.js";
import type { Axis, Direction } from "../engine/layout.js";

/**
 * The reader's settings and their parts, in a leaf module (types only): the book, the htmlConfig handlers and the
 * features all name them without an import cycle.
 */
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
  download: {
    pdfUrl?: string;
    allowSinglePage: boolean;
    /** The owner's attachments (an offline flipbook bundles them beside its index.html). */
    attachments?: { name: string; url: string }[];
  } | null;
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
