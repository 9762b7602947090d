import type { PageLink, ReaderPage } from "../book.js";
import type { PageMedia } from "./media-types.js";

/**
 * The editor's live preview of media items: a `previewBook` message whose key is `media:<id>` carries the item as it
 * now is (placed, moved, edited), or null when it was deleted (for a PDF link of the conversion: removed), or nothing
 * when an edited PDF link returns to the conversion's own. The pages come back with the item on its page only.
 */
export const mediaPreviewPrefix = "media:";

const kinds = new Set(["link", "video", "audio", "image", "note"]);
const fraction = (value: unknown) => typeof value === "number" && value >= 0 && value <= 1;

/** A well-formed item (the editor is same-origin, but a page is never drawn from a malformed one). */
function itemOf(value: unknown, id: string): PageMedia | null {
  if (!value || typeof value !== "object") return null;
  const item = value as PageMedia;
  if (item.id !== id || !kinds.has(item.kind) || !Number.isInteger(item.page)) return null;
  if (![item.x, item.y, item.width, item.height].every(fraction)) return null;
  return item;
}

/**
 * The pages after one media preview message, or undefined when the key is not a media item's. `originalLinks` keeps
 * the conversion's PDF links this preview took away (by id), so an undone edit brings the link back.
 */
export function applyMediaPreview(
  pages: ReaderPage[],
  key: string,
  value: unknown,
  originalLinks: Map<string, { page: number; link: PageLink }>,
): ReaderPage[] | undefined {
  if (!key.startsWith(mediaPreviewPrefix)) return undefined;
  const id = key.slice(mediaPreviewPrefix.length);
  const item = itemOf(value, id);
  const restore = value === undefined ? originalLinks.get(id) : undefined;
  return pages.map((page) => {
    const had = page.media?.some((entry) => entry.id === id) || page.links.some((link) => link.id === id);
    const adds = item?.page === page.number;
    const restores = restore?.page === page.number;
    if (!had && !adds && !restores) return page;
    const links = page.links.filter((link) => {
      if (link.id !== id) return true;
      originalLinks.set(id, { page: page.number, link });
      return false;
    });
    if (restore && restores) links.push(restore.link);
    const media = (page.media ?? []).filter((entry) => entry.id !== id);
    if (item && adds) media.push(item);
    const { media: _dropped, ...rest } = page;
    return { ...rest, links, ...(media.length > 0 ? { media } : {}) };
  });
}
