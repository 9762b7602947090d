import type { ReaderSettings } from "./book.js";

/** WeChat's in-app browser names itself MicroMessenger in its user agent (also in WeChat for Windows/Mac). */
export const isWeChat = (userAgent: string) => /MicroMessenger/i.test(userAgent);

/**
 * Why this book may not be read here, or null: embed-only books refuse a top-level window, WeChat-only books any
 * browser but WeChat's. The gateway refuses the same where a request shows it (README: what the server can tell);
 * this is the check for everything it cannot, e.g. the live preview and the offline build.
 */
export function accessRefusal(
  settings: Pick<ReaderSettings, "embedOnly" | "wechatOnly">,
  where: { framed: boolean; userAgent: string },
): "embedOnly" | "wechatOnly" | null {
  if (settings.embedOnly && !where.framed) return "embedOnly";
  if (settings.wechatOnly && !isWeChat(where.userAgent)) return "wechatOnly";
  return null;
}
