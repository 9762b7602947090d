import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { stripControls } from "./book-comments.js";

/**
 * Media items on pages (spec 001 "add multimedia"): what an item may be and how it is stored. Boxes are fractions
 * of the page (0–1); addresses are http(s) or the editor's own upload-file paths; a video site's address becomes
 * its player's address here, so the reader never builds one from what an owner typed.
 */
export const mediaKinds = ["link", "video", "audio", "image", "note"] as const;
export type MediaKindName = (typeof mediaKinds)[number];

export const mediaLimits = {
  perPage: 50,
  perBook: 2000,
  url: 2048,
  title: 200,
  note: 1000,
  images: 12,
  /** The smallest side of a box (0.5 % of the page): smaller cannot be seen or clicked. */
  minSide: 0.005,
} as const;

export interface StoredMediaItem {
  itemId: string;
  page: number;
  kind: MediaKindName;
  x: number;
  y: number;
  width: number;
  height: number;
  url: string;
  targetPage: number;
  embedUrl: string;
  images: string[];
  text: string;
  autoplay: boolean;
  loop: boolean;
  popup: boolean;
  origin: "" | "pdf";
}

/** The coded texts of media refusals (texts in the language service's catalogues, keys media.*). */
export const mediaTexts = {
  badId: message("media.badId"),
  badKind: message("media.badKind", { kinds: mediaKinds.join(", ") }),
  badPage: message("media.badPage"),
  badBox: message("media.badBox"),
  badUrl: message("media.badUrl"),
  badFile: message("media.badFile"),
  badVideo: message("media.badVideo"),
  badAudio: message("media.badAudio"),
  badImage: message("media.badImage"),
  imagesRequired: message("media.imagesRequired"),
  tooManyImages: message("media.tooManyImages", { max: mediaLimits.images }),
  linkTarget: message("media.linkTarget"),
  noteRequired: message("media.noteRequired"),
  noteTooLong: message("media.noteTooLong", { max: mediaLimits.note }),
  titleTooLong: message("media.titleTooLong", { max: mediaLimits.title }),
  tooManyOnPage: message("media.tooManyOnPage", { max: mediaLimits.perPage }),
  tooManyInBook: message("media.tooManyInBook", { max: mediaLimits.perBook }),
  exists: message("media.exists"),
  notFound: message("media.notFound"),
} as const;

export const itemIdPattern = /^[A-Za-z0-9_-]{1,40}$/;
/** A PDF link of the conversion edited as a media item: page and index within the page's manifest links. */
export const pdfLinkIdPattern = /^pdf-(\d{1,5})-(\d{1,4})$/;

const invalid = (text: CodedMessage, field: string) =>
  new DomainError("INVALID_ARGUMENT", text, { details: { field } });

const extensions = {
  video: ["mp4", "webm"],
  audio: ["mp3", "ogg", "wav", "m4a", "acc", "flac"],
  image: ["jpg", "jpeg", "png", "gif", "webp"],
} as const;

/** The editor's upload-file answers (`/api/common/file/<id>/<name>`), relative or on any host. */
const uploadedPath = /^\/api\/common\/file\/[A-Za-z0-9_-]{1,64}\/[^/?#\s]{1,200}$/;

function httpUrl(text: string): URL | undefined {
  if (text.length > mediaLimits.url) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An http(s) address, as the URL parser writes it; undefined for any other scheme or a broken address. */
export function webAddress(text: string): string | undefined {
  return httpUrl(text.trim())?.href;
}

/** A file address: an upload-file path (kept relative) or an http(s) address, whose name ends in one of `allowed`. */
export function fileAddress(text: string, allowed: readonly string[]): string | undefined {
  const trimmed = text.trim();
  let path: string;
  let kept: string;
  if (trimmed.startsWith("/")) {
    if (!uploadedPath.test(trimmed)) return undefined;
    path = trimmed;
    kept = trimmed;
  } else {
    const url = httpUrl(trimmed);
    if (!url) return undefined;
    path = url.pathname;
    kept = url.href;
  }
  const name = decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)).toLowerCase();
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "";
  return allowed.includes(extension) ? kept : undefined;
}

/**
 * The player address of a video site's page address (YouTube, Vimeo, Bilibili, Youku), or undefined. Only ids
 * of the sites' own shapes pass: nothing of the pasted address but the id reaches the player address.
 */
export function videoEmbed(text: string): string | undefined {
  const url = httpUrl(text.trim());
  if (!url) return undefined;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  const path = url.pathname;
  if (host === "youtube.com" || host === "youtube-nocookie.com" || host === "youtu.be") {
    const id =
      host === "youtu.be"
        ? path.slice(1)
        : path === "/watch"
          ? (url.searchParams.get("v") ?? "")
          : (/^\/(?:embed|shorts|live)\/([^/]+)$/.exec(path)?.[1] ?? "");
    return /^[A-Za-z0-9_-]{11}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = /^\/(?:video\/)?(\d{1,12})\/?$/.exec(path)?.[1];
    return id ? `https://player.vimeo.com/video/${id}` : undefined;
  }
  if (host === "bilibili.com" || host === "player.bilibili.com") {
    const bvid = /^\/video\/(BV[A-Za-z0-9]{10})\/?$/.exec(path)?.[1] ?? url.searchParams.get("bvid") ?? "";
    if (/^BV[A-Za-z0-9]{10}$/.test(bvid)) return `https://player.bilibili.com/player.html?bvid=${bvid}`;
    const aid = /^\/video\/av(\d{1,12})\/?$/i.exec(path)?.[1] ?? url.searchParams.get("aid") ?? "";
    return /^\d{1,12}$/.test(aid) ? `https://player.bilibili.com/player.html?aid=${aid}` : undefined;
  }
  if (host === "v.youku.com" || host === "player.youku.com") {
    const id = /^\/(?:v_show\/id_|embed\/)([A-Za-z0-9=]{8,40})(?:\.html)?$/.exec(path)?.[1];
    return id ? `https://player.youku.com/embed/${id}` : undefined;
  }
  return undefined;
}

const finite = (value: number) => Number.isFinite(value);
const round = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

/** The box, inside the page, at least minSide each way; a sliver past the edge from rounding is pulled back in. */
export function mediaBox(box: { x: number; y: number; width: number; height: number }) {
  const { x, y, width, height } = box;
  const slack = 1e-6;
  if (![x, y, width, height].every(finite)) throw invalid(mediaTexts.badBox, "box");
  if (x < -slack || y < -slack || width < mediaLimits.minSide || height < mediaLimits.minSide)
    throw invalid(mediaTexts.badBox, "box");
  if (x + width > 1 + slack || y + height > 1 + slack) throw invalid(mediaTexts.badBox, "box");
  const w = round(Math.min(width, 1));
  const h = round(Math.min(height, 1));
  return { x: round(Math.min(Math.max(x, 0), 1 - w)), y: round(Math.min(Math.max(y, 0), 1 - h)), width: w, height: h };
}

/** An item as asked for: the stored fields but its origin, and a kind not yet checked. */
export interface MediaItemInput extends Omit<StoredMediaItem, "kind" | "origin"> {
  kind: MediaKindName | undefined;
}

/** One item as stored: every field checked, texts normalised (NFC, no control characters, trimmed). */
export function mediaItem(input: MediaItemInput, pageCount: number): StoredMediaItem {
  if (!itemIdPattern.test(input.itemId)) throw invalid(mediaTexts.badId, "itemId");
  const kind = input.kind;
  if (!kind || !mediaKinds.includes(kind)) throw invalid(mediaTexts.badKind, "kind");
  const pageLimit = pageCount > 0 ? pageCount : 10_000;
  const withinBook = (page: number) => Number.isInteger(page) && page >= 1 && page <= pageLimit;
  if (!withinBook(input.page)) throw invalid(mediaTexts.badPage, "page");
  const box = mediaBox(input);
  const text = stripControls(input.text.normalize("NFC"), kind === "note").trim();
  const textLimit = kind === "note" ? mediaLimits.note : mediaLimits.title;
  if (kind === "note" && !text) throw invalid(mediaTexts.noteRequired, "text");
  if ([...text].length > textLimit)
    throw invalid(kind === "note" ? mediaTexts.noteTooLong : mediaTexts.titleTooLong, "text");
  const item: StoredMediaItem = {
    itemId: input.itemId,
    page: input.page,
    kind,
    ...box,
    url: "",
    targetPage: 0,
    embedUrl: "",
    images: [],
    text,
    autoplay: false,
    loop: false,
    popup: false,
    origin: pdfLinkIdPattern.test(input.itemId) ? "pdf" : "",
  };
  switch (kind) {
    case "link": {
      const hasUrl = input.url.trim() !== "";
      if (hasUrl === input.targetPage > 0) throw invalid(mediaTexts.linkTarget, "url");
      if (hasUrl) {
        const url = webAddress(input.url);
        if (!url) throw invalid(mediaTexts.badUrl, "url");
        item.url = url;
      } else {
        if (!withinBook(input.targetPage)) throw invalid(mediaTexts.badPage, "targetPage");
        item.targetPage = input.targetPage;
      }
      item.popup = input.popup;
      break;
    }
    case "video": {
      const source = input.embedUrl.trim() || input.url.trim();
      const embed = videoEmbed(source);
      const file = embed ? undefined : fileAddress(source, extensions.video);
      if (!embed && !file) throw invalid(mediaTexts.badVideo, "url");
      item.embedUrl = embed ?? "";
      item.url = file ?? "";
      Object.assign(item, { autoplay: input.autoplay, loop: input.loop, popup: input.popup });
      break;
    }
    case "audio": {
      const file = fileAddress(input.url, extensions.audio);
      if (!file) throw invalid(mediaTexts.badAudio, "url");
      item.url = file;
      Object.assign(item, { autoplay: input.autoplay, loop: input.loop, popup: false });
      break;
    }
    case "image": {
      if (input.images.length === 0) throw invalid(mediaTexts.imagesRequired, "images");
      if (input.images.length > mediaLimits.images) throw invalid(mediaTexts.tooManyImages, "images");
      item.images = input.images.map((image) => {
        const file = fileAddress(image, extensions.image);
        if (!file) throw invalid(mediaTexts.badImage, "images");
        return file;
      });
      item.popup = input.popup;
      break;
    }
    case "note":
      item.popup = input.popup;
      break;
  }
  return item;
}

/** Whether one more item fits on its page and in the book (counts of the items stored, before the new one). */
export function checkMediaRoom(counts: { page: number; book: number }): void {
  if (counts.page >= mediaLimits.perPage) {
    throw new DomainError("FAILED_PRECONDITION", mediaTexts.tooManyOnPage, { details: { limit: mediaLimits.perPage } });
  }
  if (counts.book >= mediaLimits.perBook) {
    throw new DomainError("FAILED_PRECONDITION", mediaTexts.tooManyInBook, { details: { limit: mediaLimits.perBook } });
  }
}
