import type { Labels } from "../labels.js";
import type { Notify } from "../types.js";
import type { MediaItem } from "./media-doc.js";

/** What each kind's settings draw from, and `set` to change some of the item's fields. */
export interface KindSettingsProps {
  item: MediaItem;
  labels: Labels;
  notify: Notify;
  set(fields: Partial<MediaItem>): void;
}
