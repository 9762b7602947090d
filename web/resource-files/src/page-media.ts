/**
 * A media item placed on a page as REST and book.json carry it (`pages[].media`, services/gateway/rest/media.md):
 * its box in fractions of the page (0–1), so it lands at the same place at every zoom, and only the fields its
 * kind uses. The book service checks every field; this is the one shape the gateway and the editor share.
 */
export const pageMediaKinds = ["link", "video", "audio", "image", "note"] as const;
export type PageMediaKind = (typeof pageMediaKinds)[number];

export interface PageMediaItem {
  id: string;
  page: number;
  kind: PageMediaKind;
  x: number;
  y: number;
  width: number;
  height: number;
  url?: string;
  targetPage?: number;
  /** A video site's player address (YouTube, Vimeo, Bilibili, Youku). */
  embedUrl?: string;
  images?: string[];
  text?: string;
  autoplay?: boolean;
  loop?: boolean;
  popup?: boolean;
  /** A link the conversion found in the PDF, edited as an item of the same id. */
  origin?: "pdf";
}
