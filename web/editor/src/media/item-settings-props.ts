import type { MediaItem } from "./media-doc.js";

/** What each kind's settings draw from (the labels and notices: useScreenServices), and `set` to change some of the item's fields. */
export interface KindSettingsProps {
  item: MediaItem;
  set(fields: Partial<MediaItem>): void;
}
