import { bookFieldPrefix } from "../basic/basic-info.js";
import { isMediaKey } from "../media/media-doc.js";

/** The document's htmlConfig keys (not the book's own fields, not page media). */
export const isSettingKey = (key: string) => !key.startsWith(bookFieldPrefix) && !isMediaKey(key);
