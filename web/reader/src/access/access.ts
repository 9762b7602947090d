import type { ReaderSettings } from "../settings/types.js";

/** WeChat's in-app browser names itself MicroMessenger in its user agent (also in WeChat for Windows/Mac). */
export const isWeChat = (userAgent: string) => /MicroMessenger/i.test(userAgent);

/** Framed by a page of the reader's own origin (the editor's preview); a cross-origin parent cannot be read. */
export function inOwnFrame(): boolean {
  if (window.parent === window) return false;
  try {
    return window.parent.location.origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Why this book may not be read here, or null: embed-only books refuse a top-level window, WeChat-only books any
 * browser but WeChat's. The gateway refuses the same where a request shows it (README: what the server can tell);
 * this is the check for everything it cannot, e.g. the live preview and the offline build.
 */
export function accessRefusal(
  settings: Pick<ReaderSettings, "embedOnly" | "wechatOnly">,
  where: { framed: boolean; userAgent: string; ownPreview?: boolean },
): "embedOnly" | "wechatOnly" | null {
  if (settings.embedOnly && !where.framed) return "embedOnly";
  // The editor's preview frame (a parent of the same origin) shows the book whatever the browser.
  if (settings.wechatOnly && !where.ownPreview && !isWeChat(where.userAgent)) return "wechatOnly";
  return null;
}
