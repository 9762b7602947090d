import { type MediaItem, MediaKind } from "@turnleaf/contracts/book/v1/book_media_pb";
import { DomainError, message } from "@turnleaf/kit";
import { isSafeContentLink, type PageMediaItem } from "@turnleaf/resource-files";

/**
 * Media items on pages between REST/book.json (kind names, camelCase, only the fields a kind uses) and the book
 * service's messages. The book service validates every field; this file only shapes them.
 */
export const mediaKindNames = {
  [MediaKind.LINK]: "link",
  [MediaKind.VIDEO]: "video",
  [MediaKind.AUDIO]: "audio",
  [MediaKind.IMAGE]: "image",
  [MediaKind.NOTE]: "note",
} as const satisfies Partial<Record<MediaKind, string>>;
export type MediaKindName = (typeof mediaKindNames)[keyof typeof mediaKindNames];

export type PageMediaView = PageMediaItem & { kind: MediaKindName };

export function pageMediaView(item: MediaItem): PageMediaView | undefined {
  const kind = mediaKindNames[item.kind as keyof typeof mediaKindNames];
  if (!kind) return undefined;
  return {
    id: item.itemId,
    page: item.page,
    kind,
    x: item.x,
    y: item.y,
    width: item.width,
    height: item.height,
    ...(item.url ? { url: item.url } : {}),
    ...(item.targetPage ? { targetPage: item.targetPage } : {}),
    ...(item.embedUrl ? { embedUrl: item.embedUrl } : {}),
    ...(item.images.length > 0 ? { images: [...item.images] } : {}),
    ...(item.text ? { text: item.text } : {}),
    ...(item.autoplay ? { autoplay: true } : {}),
    ...(item.loop ? { loop: true } : {}),
    ...(item.popup ? { popup: true } : {}),
    ...(item.origin === "pdf" ? { origin: "pdf" as const } : {}),
  };
}

const kindOfName: Record<string, MediaKind> = {
  link: MediaKind.LINK,
  video: MediaKind.VIDEO,
  audio: MediaKind.AUDIO,
  image: MediaKind.IMAGE,
  note: MediaKind.NOTE,
};

const number = (value: unknown) => (typeof value === "number" ? value : Number(value ?? Number.NaN));
const string = (value: unknown) => (typeof value === "string" ? value : "");
/** An int32 field: anything else (a fraction, out of range, not a number) is 0, which the service refuses. */
const int32 = (value: unknown) => {
  const parsed = number(value);
  return Number.isInteger(parsed) && Math.abs(parsed) <= 2_147_483_647 ? parsed : 0;
};
const flag = (value: unknown) => value === true || value === "true" || value === "1" || value === 1;

/** The `item` form field (JSON) as the book service's message; broken JSON is 'Invalid JSON string'. */
export function mediaItemOf(json: string) {
  let raw: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    raw = parsed as Record<string, unknown>;
  } catch {
    throw new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field: "item" } });
  }
  return {
    itemId: string(raw.id),
    page: int32(raw.page),
    kind: kindOfName[string(raw.kind)] ?? MediaKind.UNSPECIFIED,
    x: number(raw.x),
    y: number(raw.y),
    width: number(raw.width),
    height: number(raw.height),
    url: string(raw.url),
    targetPage: int32(raw.targetPage),
    embedUrl: string(raw.embedUrl),
    images: Array.isArray(raw.images) ? raw.images.map(string).slice(0, 100) : [],
    text: string(raw.text),
    autoplay: flag(raw.autoplay),
    loop: flag(raw.loop),
    popup: flag(raw.popup),
  };
}

interface LinkLike {
  x: number;
  y: number;
  width: number;
  height: number;
  url?: string;
  page?: number;
}

/**
 * book.json's pages with their media: each page gets its items (`media`), and the conversion's PDF links keep an
 * id ("pdf-<page>-<index>") unless the owner edited them (an item of that id replaces the link) or removed them.
 */
export function withPageMedia<Page extends { number: number; links: LinkLike[]; locked?: boolean }>(
  pages: Page[],
  media: { items: MediaItem[]; removedPdfLinks: string[] },
): (Page & { links: (LinkLike & { id: string })[]; media?: PageMediaView[] })[] {
  const replaced = new Set([...media.removedPdfLinks, ...media.items.map((item) => item.itemId)]);
  const byPage = new Map<number, PageMediaView[]>();
  for (const item of media.items) {
    const view = pageMediaView(item);
    if (!view) continue;
    const list = byPage.get(view.page) ?? [];
    list.push(view);
    byPage.set(view.page, list);
  }
  return pages.map((page) => {
    // A locked page shows nothing of its content: neither links nor media.
    const items = page.locked ? undefined : byPage.get(page.number);
    // Books converted before the conversion kept only followable links may still carry javascript: or data: ones.
    const links = page.links
      .map((link, index) => ({ ...link, id: `pdf-${page.number}-${index}` }))
      .filter((link) => !replaced.has(link.id) && (link.url === undefined || isSafeContentLink(link.url)));
    return { ...page, links, ...(items ? { media: items } : {}) };
  });
}
