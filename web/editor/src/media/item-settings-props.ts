import type { MediaItem } from "./media-doc.js";

/** What each kind's settings draw from, and `set` to change some of the item's fields (labels: useScreenServices). */
export interface KindSettingsProps {
  item: MediaItem;
  set(fields: Partial<MediaItem>): void;
}
