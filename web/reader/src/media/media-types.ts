import type { PageMediaItem } from "@turnleaf/resource-files";

/**
 * A media item placed on a page (book.json `pages[].media`, services/gateway/rest/media.md): the shape the gateway
 * and the editor share. The server checked every address; the reader only ever uses them as attributes (src, href),
 * never as markup.
 */
export type PageMedia = PageMediaItem;

/** A player address with autoplay (muted: browsers allow only muted autoplay) and loop in each site's words. */
export function embedSource(item: Pick<PageMedia, "embedUrl" | "autoplay" | "loop">): string {
  const address = item.embedUrl ?? "";
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "";
  }
  if (url.protocol !== "https:") return "";
  const host = url.hostname;
  if (item.autoplay) {
    url.searchParams.set("autoplay", "1");
    if (host.includes("youtube")) url.searchParams.set("mute", "1");
    else url.searchParams.set("muted", "1");
  }
  if (item.loop) {
    url.searchParams.set("loop", "1");
    const id = /\/embed\/([A-Za-z0-9_-]{11})$/.exec(url.pathname)?.[1];
    // YouTube loops a single video only as a playlist of itself.
    if (host.includes("youtube") && id) url.searchParams.set("playlist", id);
  }
  return url.href;
}

/**
 * Only http(s) addresses, same-site paths and paths relative to the page (the published offline flipbook's copied
 * files, "files/media/…") become links or sources (book.json is the server's, but stay strict): no other scheme,
 * and nothing a browser reads as another host ("//host", "\\host").
 */
export function safeAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  if (/^https?:\/\//i.test(address)) return address;
  if (/^[/\\]{2}|^\\/.test(address) || /^[^/?#]*:/.test(address) || /[\s\p{Cc}]/u.test(address)) return undefined;
  return address;
}
