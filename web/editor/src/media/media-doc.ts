import { type PageLink, type PageMediaItem, type PageMediaKind, pageMediaKinds } from "@turnleaf/resource-files";

/**
 * Media items in the editor's document: each item under its own `media:<id>` key (null: deleted, or for a PDF link
 * of the conversion, removed), so that placing, moving and deleting share the undo stack and the save flow with
 * every other change, one item per step and per server write (services/gateway/rest/media.md).
 */
export const mediaPrefix = "media:";
export const mediaKinds = pageMediaKinds;
export type MediaKind = PageMediaKind;
export type MediaItem = PageMediaItem;

/** A PDF link of book.json (`pages[].links`): the conversion's, with its id. */
export type PdfLink = PageLink;

export const mediaKey = (id: string) => `${mediaPrefix}${id}`;
export const isMediaKey = (key: string) => key.startsWith(mediaPrefix);

/** The server's list as document keys. */
export function mediaDoc(listed: { items: MediaItem[]; removedPdfLinks: string[] }): Record<string, MediaItem | null> {
  const doc: Record<string, MediaItem | null> = {};
  for (const id of listed.removedPdfLinks) doc[mediaKey(id)] = null;
  for (const item of listed.items) doc[mediaKey(item.id)] = item;
  return doc;
}

/** A PDF link as the item that replaces it once edited. */
export function pdfLinkItem(link: PdfLink & { id: string }, page: number): MediaItem {
  return {
    id: link.id,
    page,
    kind: "link",
    x: link.x,
    y: link.y,
    width: link.width,
    height: link.height,
    ...(link.url ? { url: link.url } : { targetPage: link.page ?? 1 }),
    origin: "pdf",
  };
}

/**
 * The items of a page: those in the document, and the page's PDF links the document does not name (not edited,
 * not removed), listed as items of origin 'pdf'.
 */
export function pageItems(doc: Record<string, unknown>, page: number, pdfLinks: PdfLink[]): MediaItem[] {
  const items: MediaItem[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (!isMediaKey(key) || !value) continue;
    const item = value as MediaItem;
    if (item.page === page) items.push(item);
  }
  for (const link of pdfLinks) {
    if (link.id && !(mediaKey(link.id) in doc)) items.push(pdfLinkItem({ ...link, id: link.id }, page));
  }
  return items;
}

/** Changes split into media items (by id; null to delete) and everything else. */
export function splitMedia(changed: Record<string, unknown>): {
  media: [string, MediaItem | null][];
  rest: Record<string, unknown>;
} {
  const media: [string, MediaItem | null][] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changed)) {
    if (isMediaKey(key)) media.push([key.slice(mediaPrefix.length), (value as MediaItem | null | undefined) ?? null]);
    else rest[key] = value;
  }
  return { media, rest };
}

let counter = 0;
/** An item id unique enough for one book ([A-Za-z0-9_-], ≤ 40). */
export function newItemId(now = Date.now()): string {
  counter = (counter + 1) % 1296;
  const random = Math.floor(Math.random() * 36 ** 4).toString(36);
  return `m${now.toString(36)}${counter.toString(36)}${random}`;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
export const minSide = 0.02;

/** A box moved by (dx, dy), kept inside the page. */
export function moved<T extends { x: number; y: number; width: number; height: number }>(
  box: T,
  dx: number,
  dy: number,
): T {
  return {
    ...box,
    x: round(Math.min(Math.max(box.x + dx, 0), 1 - box.width)),
    y: round(Math.min(Math.max(box.y + dy, 0), 1 - box.height)),
  };
}

/** A box resized from its bottom-right corner by (dw, dh), at least minSide and inside the page. */
export function resized<T extends { x: number; y: number; width: number; height: number }>(
  box: T,
  dw: number,
  dh: number,
): T {
  return {
    ...box,
    width: round(Math.min(Math.max(box.width + dw, minSide), 1 - box.x)),
    height: round(Math.min(Math.max(box.height + dh, minSide), 1 - box.y)),
  };
}

/** Where a new item of a kind lands: the page's middle, in a size that suits it. */
export function newItem(kind: MediaKind, page: number, fields: Partial<MediaItem>): MediaItem {
  const size: Record<MediaKind, [number, number]> = {
    link: [0.3, 0.06],
    video: [0.6, 0.3],
    audio: [0.1, 0.075],
    image: [0.4, 0.3],
    note: [0.35, 0.12],
  };
  const [width, height] = size[kind];
  return {
    id: newItemId(),
    page,
    kind,
    x: round((1 - width) / 2),
    y: round((1 - height) / 2),
    width,
    height,
    ...fields,
  };
}

export const videoExtensions = ["mp4", "webm"] as const;
export const audioExtensions = ["mp3", "ogg", "wav", "m4a", "acc", "flac"] as const;
export const imageExtensions = ["jpg", "jpeg", "png", "gif", "webp"] as const;

/** Whether a pasted address is a video site's page the server turns into its player (it decides finally). */
export function isVideoSite(address: string): boolean {
  try {
    const host = new URL(address).hostname.toLowerCase().replace(/^(www|m)\./, "");
    return [
      "youtube.com",
      "youtube-nocookie.com",
      "youtu.be",
      "vimeo.com",
      "player.vimeo.com",
      "bilibili.com",
      "player.bilibili.com",
      "v.youku.com",
      "player.youku.com",
    ].includes(host);
  } catch {
    return false;
  }
}
