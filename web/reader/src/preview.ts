import { asBoolean, htmlConfigHandlers } from "./htmlconfig.js";
import type { ReaderSettings } from "./settings/types.js";

/**
 * The editor's live preview (spec 000 §4, §7): inside the editor's `bookEditIframe` the reader announces itself
 * with `{type: "previewReady"}` and then applies `{key, value, type: "previewBook", showAlert}` messages. Only
 * the reader's own origin may send them (the gateway serves editor and reader alike); anything else is ignored.
 */
export interface PreviewMessage {
  type: "previewBook";
  key: string;
  value: unknown;
  showAlert?: boolean;
}

export function isPreviewMessage(data: unknown): data is PreviewMessage {
  if (data === null || typeof data !== "object") return false;
  const message = data as Record<string, unknown>;
  return message.type === "previewBook" && typeof message.key === "string";
}

/** htmlConfig keys of the editor that name a reader setting differently. */
const aliases: Record<string, keyof ReaderSettings> = {
  bgColor: "backgroundColor",
  backgroundColor: "backgroundColor",
  flipDirection: "direction",
  direction: "direction",
  flipAxis: "flipAxis",
  flippingTime: "flipTimeMs",
  pageMode: "pageMode",
  hardCover: "hardCover",
  hardPages: "hardPages",
  searchMinLength: "searchMinLength",
  autoFlip: "autoFlip",
  autoFlipIntervalSeconds: "autoFlipIntervalSeconds",
  lastPageMemory: "lastPageMemory",
  pageCaptions: "pageCaptions",
  flipSound: "flipSound",
  backgroundMusic: "backgroundMusic",
  print: "print",
  printWatermark: "printWatermark",
  magnifier: "magnifier",
};

/** Background music from the editor: a URL, an object, or its JSON; an empty value turns it off. */
function backgroundMusicOf(value: unknown): ReaderSettings["backgroundMusic"] | undefined {
  let music = value;
  if (typeof music === "string") {
    const text = music.trim();
    if (!text) return null;
    try {
      music = text.startsWith("{") ? JSON.parse(text) : { url: text };
    } catch {
      return undefined;
    }
  }
  if (music === null || music === false) return null;
  if (typeof music !== "object") return undefined;
  const { url, loops, volume } = music as Record<string, unknown>;
  if (typeof url !== "string" || !url) return null;
  return { url, loops: Number(loops ?? -1) || -1, volume: Number(volume ?? 1) };
}

/** The settings after one preview message, or undefined when the key is not a reader setting. */
export function applyPreview(settings: ReaderSettings, message: PreviewMessage): ReaderSettings | undefined {
  const handler = Object.hasOwn(htmlConfigHandlers, message.key) ? htmlConfigHandlers[message.key] : undefined;
  if (handler) return handler(settings, message.value);
  const key = Object.hasOwn(aliases, message.key) ? aliases[message.key] : undefined;
  if (!key) return undefined;
  // The editor's one flip-direction choice: "vertical" (calendar) sets the axis; "horizontal" goes back to it;
  // "ltr" / "rtl" set the reading direction and flip horizontally again.
  if (message.key === "flipDirection") {
    const choice = String(message.value).trim().toLowerCase();
    if (choice === "vertical" || choice === "horizontal") return { ...settings, flipAxis: choice };
    return { ...settings, direction: choice === "rtl" ? "rtl" : "ltr", flipAxis: "horizontal" };
  }
  const current = settings[key];
  let value: unknown = message.value;
  if (typeof current === "boolean") value = asBoolean(value);
  else if (typeof current === "number") {
    value = Number(value);
    if (key === "flipTimeMs" && message.key === "flippingTime" && Number(message.value) < 20)
      value = Number(message.value) * 1000;
    if (!Number.isFinite(value)) return undefined;
  } else if (key === "direction") value = String(value).trim().toLowerCase() === "rtl" ? "rtl" : "ltr";
  else if (key === "pageMode") {
    value = String(value).trim().toLowerCase();
    if (value !== "auto" && value !== "single" && value !== "double") return undefined;
  } else if (key === "flipAxis") value = String(value).trim().toLowerCase() === "vertical" ? "vertical" : "horizontal";
  else if (key === "backgroundMusic") {
    value = backgroundMusicOf(value);
    if (value === undefined) return undefined;
  } else value = String(value);
  return { ...settings, [key]: value };
}

/**
 * The book's saved htmlConfig as reader settings: the same mapping as the live preview, so what the editor previews
 * is what readers get. Keys the reader does not know are ignored.
 */
export function settingsFromHtmlConfig(base: ReaderSettings, htmlConfig: Record<string, unknown>): ReaderSettings {
  let settings = base;
  // Switches first, so the options under them (mini mode's sizes) find them on whatever order the keys were saved in.
  const entries = Object.entries(htmlConfig).sort(([a], [b]) => Number(b === "miniMode") - Number(a === "miniMode"));
  for (const [key, value] of entries) {
    if (value === undefined || value === null) continue;
    settings = applyPreview(settings, { type: "previewBook", key, value }) ?? settings;
  }
  return settings;
}

export function listenForPreview(onMessage: (message: PreviewMessage) => void): () => void {
  if (window.parent === window) return () => undefined;
  const origin = window.location.origin;
  const listener = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== window.parent || !isPreviewMessage(event.data)) return;
    onMessage(event.data);
  };
  window.addEventListener("message", listener);
  window.parent.postMessage({ type: "previewReady" }, origin);
  return () => window.removeEventListener("message", listener);
}
