import { type PageMediaItem, pageMediaKinds } from "@turnleaf/resource-files";

/**
 * A project's media items on pages (project.json `media`: `{items, removedPdfLinks}`, the shape of the hosted
 * editor's get-page-media, services/gateway/rest/media.md), placed on the offline reader's pages the way the
 * gateway places them in book.json: each page gets its items, and the PDF links the owner edited or removed give
 * way. Items are re-checked here (kinds, boxes, http(s) or relative addresses): project.json is a file anyone
 * may have edited.
 */
export interface ProjectMedia {
  items: MediaItem[];
  removedPdfLinks: string[];
}

/** The item shape the gateway and the editor share. */
export type MediaItem = PageMediaItem;

const kinds = new Set<string>(pageMediaKinds);
const address = (value: unknown): string | undefined =>
  typeof value === "string" && /^(https?:\/\/|\/(?!\/))\S+$/i.test(value) && value.length <= 2048 ? value : undefined;
const inPage = (value: unknown): value is number => typeof value === "number" && value >= 0 && value <= 1;

function itemOf(raw: unknown): MediaItem | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const item = raw as Record<string, unknown>;
  const { id, page, kind, x, y, width, height } = item;
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{1,40}$/.test(id)) return undefined;
  if (typeof page !== "number" || !Number.isInteger(page) || page < 1) return undefined;
  if (typeof kind !== "string" || !kinds.has(kind)) return undefined;
  if (![x, y, width, height].every(inPage)) return undefined;
  const box = { x: x as number, y: y as number, width: width as number, height: height as number };
  if (box.x + box.width > 1.000001 || box.y + box.height > 1.000001) return undefined;
  const images = Array.isArray(item.images) ? item.images.map(address).filter((src) => src !== undefined) : [];
  const embed = address(item.embedUrl);
  return {
    id,
    page,
    kind: kind as MediaItem["kind"],
    ...box,
    ...(address(item.url) ? { url: address(item.url) } : {}),
    ...(typeof item.targetPage === "number" && Number.isInteger(item.targetPage) && item.targetPage >= 1
      ? { targetPage: item.targetPage }
      : {}),
    ...(embed?.startsWith("https://") ? { embedUrl: embed } : {}),
    ...(images.length > 0 ? { images: images.slice(0, 12) } : {}),
    ...(typeof item.text === "string" && item.text ? { text: item.text.slice(0, 1000) } : {}),
    ...(item.autoplay === true ? { autoplay: true } : {}),
    ...(item.loop === true ? { loop: true } : {}),
    ...(item.popup === true ? { popup: true } : {}),
    ...(item.origin === "pdf" ? { origin: "pdf" as const } : {}),
  };
}

/** project.json's `media`, checked; anything else (absent, broken) is no media. */
export function projectMedia(raw: unknown): ProjectMedia {
  const value = (raw && typeof raw === "object" ? raw : {}) as { items?: unknown; removedPdfLinks?: unknown };
  const items = Array.isArray(value.items) ? value.items.map(itemOf).filter((item) => item !== undefined) : [];
  const removedPdfLinks = Array.isArray(value.removedPdfLinks)
    ? value.removedPdfLinks.filter((id): id is string => typeof id === "string" && /^pdf-\d{1,5}-\d{1,4}$/.test(id))
    : [];
  return { items, removedPdfLinks };
}

/** The reader's pages with their media; PDF links keep their id ("pdf-<page>-<index>") unless replaced or removed. */
export function pagesWithMedia<Page extends { number: number; links: object[] }>(
  pages: Page[],
  media: ProjectMedia,
): (Page & { media?: MediaItem[] })[] {
  const replaced = new Set([...media.removedPdfLinks, ...media.items.map((item) => item.id)]);
  return pages.map((page) => {
    const items = media.items.filter((item) => item.page === page.number);
    const links = page.links
      .map((link, index) => ({ ...link, id: `pdf-${page.number}-${index}` }))
      .filter((link) => !replaced.has(link.id));
    return { ...page, links, ...(items.length > 0 ? { media: items } : {}) };
  });
}
