import { fileSettingMaxBytes } from "../settings/file-limits.js";
import {
  audioExtensions,
  imageExtensions,
  isVideoSite,
  type MediaItem,
  type MediaKind,
  videoExtensions,
} from "./media-doc.js";

/** The file types a video, audio clip or picture takes. */
export const extensionsOf: Record<"video" | "audio" | "image", readonly string[]> = {
  video: videoExtensions,
  audio: audioExtensions,
  image: imageExtensions,
};

/**
 * Videos may exceed the file setting's 10 MB up to the book service's MEDIA_VIDEO_MAX_BYTES, which only the server
 * knows: it judges their size and its refusal is shown; every other file keeps the 10 MB check before sending.
 */
export const maxBytesOf = (kind: string): number => (kind === "video" ? Number.POSITIVE_INFINITY : fileSettingMaxBytes);

/** The fields a source address gives an item: a video site's page goes to embedUrl, a picture to images. */
export function sourceFields(kind: MediaKind, address: string): Partial<MediaItem> {
  if (kind === "image") return { images: [address] };
  if (kind === "video" && isVideoSite(address)) return { embedUrl: address, url: undefined };
  return { url: address, embedUrl: undefined };
}

/** The item with these fields changed; a field set to undefined is removed. */
export function withFields(item: MediaItem, fields: Partial<MediaItem>): MediaItem {
  const next: MediaItem = { ...item, ...fields };
  for (const key of Object.keys(next) as (keyof MediaItem)[]) if (next[key] === undefined) delete next[key];
  return next;
}

/** A link's target page as typed: a whole number within the book (any, while its page count is unknown). */
export function targetPageOf(text: string, pageCount: number): number | undefined {
  const target = Number(text);
  if (!Number.isInteger(target) || target < 1 || (pageCount > 0 && target > pageCount)) return undefined;
  return target;
}

/** A link's web address: http or https, no spaces. */
export const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text);

/** A share of the page (0–1) as a percentage with one decimal. */
export const percentOf = (share: number) => Math.round(share * 1000) / 10;
