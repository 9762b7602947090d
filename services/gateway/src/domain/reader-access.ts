import { message, messageText } from "@turnleaf/kit";
import { escapeHtml } from "./reader-book.view.js";
import { settingBoolean } from "./reader-settings.view.js";

/**
 * Where a book may be read (spec 001 reader settings: embed-only and WeChat-only reading), as far as a request shows
 * it. What the server can tell:
 * - embed-only: browsers label every navigation with `Sec-Fetch-Dest` (`document` for a top-level window, `iframe`
 *   inside a frame), which pages cannot forge; a top-level navigation is refused. Requests without the header (old
 *   browsers, scripts) cannot be told apart and are let through; the reader refuses those itself.
 * - WeChat-only: WeChat's browser names itself `MicroMessenger` in its user agent. Any client can claim that, so
 *   this keeps ordinary browsers out, not a determined scraper.
 * Page pictures are not checked (an <img> request says nothing about the page showing it); the editor's own preview
 * (a same-origin frame) is never refused.
 */
export interface ReaderRequestFacts {
  secFetchDest?: string;
  secFetchSite?: string;
  userAgent?: string;
}

/** `message`: the owner's own text, or a coded one (messageText) worded in the reader's language. */
export type ReaderRefusal = { reason: "embedOnly" | "wechatOnly"; message: string };

const wechat = /MicroMessenger/i;

const refusalTexts = { embedOnly: message("reader.embedOnly"), wechatOnly: message("reader.wechatOnly") };

export function readerRefusal(htmlConfig: Record<string, unknown>, request: ReaderRequestFacts): ReaderRefusal | null {
  const dest = request.secFetchDest?.toLowerCase();
  const site = request.secFetchSite?.toLowerCase();
  const ownPreview = site === "same-origin" && (dest === "iframe" || dest === "empty");
  if (settingBoolean(htmlConfig.OnlyOpenInIframe) && dest === "document") {
    const message = typeof htmlConfig.OnlyOpenInIframeInfo === "string" ? htmlConfig.OnlyOpenInIframeInfo.trim() : "";
    return { reason: "embedOnly", message: message || messageText(refusalTexts.embedOnly) };
  }
  if (settingBoolean(htmlConfig.OnlyOpenInWeChat) && !ownPreview && !wechat.test(request.userAgent ?? "")) {
    return { reason: "wechatOnly", message: messageText(refusalTexts.wechatOnly) };
  }
  return null;
}

/** The page a refused reader gets (HTTP 403): the message (as worded for the reader), nothing of the book. */
export function refusalHtml(refusal: ReaderRefusal, text: string, lang = "zh-CN"): string {
  return noticeHtml(refusal.reason, text, lang);
}

/** A page with one notice (a refusal, a book that is not found): its text in the reader's language. */
export function noticeHtml(reason: string, text: string, lang: string): string {
  const message = escapeHtml(text);
  return `<!doctype html><html lang="${escapeHtml(lang)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0"><p role="alert" data-reason="${escapeHtml(reason)}">${message}</p></body></html>`;
}

/** Google Analytics measurement IDs (G-…, UA-…, AW-…): nothing else reaches the analytics page's script. */
export const analyticsIdPattern = /^[A-Z]{1,3}-[A-Z0-9-]{4,20}$/i;

/**
 * The analytics page (/b/<link>/analytics) the reader frames with `sandbox="allow-scripts"` and which is served with
 * `Content-Security-Policy: sandbox allow-scripts`, so the owner's tracking script and Google Analytics run at an
 * opaque origin: no access to the reader's DOM, cookies or storage, or to the gateway's API as the reader. The reader
 * posts `{type: "turnleaf:pageview", page, title, location}` on each page change; gtag gets a page_view, and the
 * owner's script can listen for the `turnleaf:pageview` event. Null when the book has neither.
 */
export function analyticsHtml(htmlConfig: Record<string, unknown>): string | null {
  const rawId = typeof htmlConfig.googleAnalyticsID === "string" ? htmlConfig.googleAnalyticsID.trim() : "";
  const id = analyticsIdPattern.test(rawId) ? rawId : "";
  const tracking = typeof htmlConfig.trackingScript === "string" ? htmlConfig.trackingScript : "";
  if (!id && !tracking.trim()) return null;
  const parts = [
    `<!doctype html><html><head><meta charset="utf-8"><title>analytics</title>`,
    `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}` +
      `addEventListener("message",function(e){var d=e.data;if(e.source!==parent||!d||d.type!=="turnleaf:pageview")return;` +
      `window.turnleafPage=d;${id ? `gtag("event","page_view",{page_location:d.location,page_title:d.title});` : ""}` +
      `dispatchEvent(new CustomEvent("turnleaf:pageview",{detail:d}))});</script>`,
  ];
  if (id) {
    parts.push(
      `<script async src="https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}"></script>`,
      `<script>gtag("js",new Date());gtag("config",${JSON.stringify(id)},{send_page_view:false,client_storage:"none"});</script>`,
    );
  }
  // The owner's script, as written (spec: "tracking script, including the script tag"); the sandbox contains it.
  if (tracking.trim()) parts.push(tracking);
  parts.push("</head><body></body></html>");
  return parts.join("\n");
}

/**
 * Served with the analytics page: an opaque-origin sandbox even when opened directly. No frame-ancestors: it checks
 * every ancestor, and an embedded reader's top page is the embedding site's.
 */
export const analyticsPolicy = "sandbox allow-scripts";
