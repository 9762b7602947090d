import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { normaliseText } from "@turnleaf/resource-files";
import { contactRule } from "./contact-settings.js";
import { checkFreeJson, checkLink, parseSettingsJson, validSettings } from "./setting-validation.js";
import { parseBoolean } from "./setting-values.js";

/**
 * A book's settings as the editor changes them (spec 000 §3 "Book info", §4 "Setting change flow", §7 update-book):
 * the htmlConfig object, the plugin list, the download config and isDownload. Every setting-change rule of
 * spec 000 §4 is a pure function here; `applyBookUpdate` applies them all on the server.
 */
export type HtmlConfig = Record<string, unknown>;

export interface Plugin {
  name: string;
  [key: string]: unknown;
}

/** Spec 000 §3 / spec 001 "Client data": the download config; `code` is in clear here (stored encoded). */
export interface DownloadConfig {
  pdf: { isOriginPath: boolean; url: string; urlOnlink: string };
  isDownloadProject: boolean;
  isDownloadAttach: boolean;
  attachments: { name: string; size: number; url: string }[];
  hideDownloadSinglePage: boolean;
  code: string;
}

export interface BookSettings {
  htmlConfig: HtmlConfig;
  plugins: Plugin[];
  downloadConfig: DownloadConfig | null;
  isDownload: boolean;
}

/** The stored book facts the rules look at. */
export interface BookFacts {
  bookId: string;
  /** The book's number: the hosted reader's path (/b/<number>/…), where readers post their messages. */
  number?: string;
  /** Spec 001 book source: -1 user uploaded, 0 blank page, 1 template book. */
  source: number;
}

export interface BookUpdate {
  /** The changed htmlConfig keys (JSON text); "" changes none. */
  bookConfig: string;
  /** "1" or "0"; "" keeps it. */
  isDownload: string;
  /** JSON array replacing the plugins; "" keeps them. */
  plugin: string;
  /** JSON object replacing the download config; "" keeps it. */
  downloadConfig: string;
}

export const settingsLimits = {
  bookConfigBytes: 256 * 1024,
  htmlConfigBytes: 256 * 1024,
  htmlConfigKeys: 2000,
  pluginBytes: 64 * 1024,
  plugins: 50,
  downloadConfigBytes: 64 * 1024,
  attachments: 50,
  /** Spec 000 §5 / §9: download attachments max 100 MB, no exe. */
  attachmentBytes: 100 * 1024 * 1024,
  keyLength: 100,
} as const;

function invalid(text: CodedMessage, field: string): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, { details: { field } });
}

/**
 * Spec 000 §5: nested JSON that cannot be parsed answers 'Invalid JSON string'; nesting is bounded before parsing
 * (a 10,000-deep document is refused, never recursed over).
 */
export function parseJson(text: string, field: string): unknown {
  return parseSettingsJson(text, field);
}

/** Keys whose own rules (contact-settings.ts) validate and normalise them instead of the catalogue's text rule. */
const ownRuleKeys = new Set(["aboutContent", "singlePhoneNumber", "MultiPhoneNumber", "adConfig"]);

/** A string value that is itself JSON (a composite setting): an object, or an array of strings/objects. */
function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  return (trimmed.startsWith("{") && trimmed.endsWith("}")) || /^\[\s*(["{[]|\])/.test(trimmed);
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

function tooLarge(field: string, limit: number): DomainError {
  return invalid(message("field.tooBig", { field, max: Math.round(limit / 1024) }), field);
}

/** The bookConfig of update-book: a JSON object of changed keys whose nested JSON values must parse too. */
export function parseBookConfig(text: string): HtmlConfig {
  if (byteLength(text) > settingsLimits.bookConfigBytes) throw tooLarge("bookConfig", settingsLimits.bookConfigBytes);
  const parsed = parseJson(text, "bookConfig");
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw invalid(message("field.jsonObject", { field: "bookConfig" }), "bookConfig");
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (key.length === 0 || key.length > settingsLimits.keyLength || key.startsWith("$") || key.includes(".")) {
      throw invalid(message("settingKeyInvalid", { key: key.slice(0, settingsLimits.keyLength) }), "bookConfig");
    }
    if (typeof value === "string" && looksLikeJson(value)) parseJson(value, key);
  }
  return validSettings(parsed as HtmlConfig, ownRuleKeys);
}

export function parsePlugins(text: string): Plugin[] {
  if (byteLength(text) > settingsLimits.pluginBytes) throw tooLarge("plugin", settingsLimits.pluginBytes);
  const parsed = parseJson(text, "plugin");
  if (!Array.isArray(parsed)) throw invalid(message("field.jsonList", { field: "plugin" }), "plugin");
  if (parsed.length > settingsLimits.plugins)
    throw invalid(message("field.atMost", { field: "plugin", max: settingsLimits.plugins }), "plugin");
  checkFreeJson(parsed, "plugin", { settingKeys: false });
  return parsed.map((entry) => {
    if (entry === null || typeof entry !== "object" || typeof (entry as Plugin).name !== "string") {
      throw invalid(message("pluginNameRequired"), "plugin");
    }
    const plugin = entry as Plugin;
    const name = normaliseText(plugin.name).trim();
    if (name === "" || name.length > 100) throw invalid(message("pluginNameRequired"), "plugin");
    if (typeof plugin.src === "string") checkLink(plugin.src, "plugin");
    return { ...plugin, name };
  });
}

const text = (value: unknown, max = 2048) => (typeof value === "string" ? normaliseText(value).slice(0, max) : "");
const link = (value: unknown) => checkLink(text(value), "downloadconfig");
const flag = (value: unknown) =>
  typeof value === "boolean" ? value : parseBoolean(value) || value === 1 || value === "1";

/** The download config of update-book (spec 001 "Client data"); attachments max 100 MB each, no .exe. */
export function parseDownloadConfig(source: string): DownloadConfig {
  if (byteLength(source) > settingsLimits.downloadConfigBytes) {
    throw tooLarge("downloadconfig", settingsLimits.downloadConfigBytes);
  }
  const parsed = parseJson(source, "downloadconfig");
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw invalid(message("field.jsonObject", { field: "downloadconfig" }), "downloadconfig");
  }
  const raw = parsed as Record<string, unknown>;
  const pdf = (raw.pdf && typeof raw.pdf === "object" ? raw.pdf : {}) as Record<string, unknown>;
  const attachments = Array.isArray(raw.attachments) ? raw.attachments : [];
  if (attachments.length > settingsLimits.attachments) {
    throw invalid(
      message("field.atMost", { field: "downloadconfig", max: settingsLimits.attachments }),
      "downloadconfig",
    );
  }
  return {
    pdf: { isOriginPath: flag(pdf.isOriginPath), url: link(pdf.url), urlOnlink: link(pdf.urlOnlink) },
    isDownloadProject: flag(raw.isDownloadProject),
    isDownloadAttach: flag(raw.isDownloadAttach),
    attachments: attachments.map((entry: unknown) => {
      const attachment = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
      const name = text(attachment.name, 255);
      const size = Number(attachment.size ?? 0);
      if (/\.exe$/i.test(name)) throw invalid(message("exeAttachment"), "downloadconfig");
      if (!Number.isFinite(size) || size < 0 || size > settingsLimits.attachmentBytes) {
        throw invalid(message("fileTooLarge", { size: "100 MB" }), "downloadconfig");
      }
      return { name, size, url: link(attachment.url) };
    }),
    hideDownloadSinglePage: flag(raw.hideDownloadSinglePage),
    code: text(raw.code, 256),
  };
}

/** Spec 001 "Client data": the download code is stored reversed, then base64-encoded. */
export function encodeDownloadCode(code: string): string {
  return Buffer.from([...code].reverse().join(""), "utf8").toString("base64");
}

export function decodeDownloadCode(stored: string): string {
  return [...Buffer.from(stored, "base64").toString("utf8")].reverse().join("");
}

/** The PDF download endpoint of spec 000 §7 / spec 001 §7 (takes bookid). */
export function pdfDownloadUrl(bookId: string): string {
  return `/download/download-pdf-file.php?bookid=${encodeURIComponent(bookId)}`;
}

/** Spec 000 §4: the default download config of a user-uploaded book: project download on, the original PDF. */
export function defaultDownloadConfig(bookId: string): DownloadConfig {
  return {
    pdf: { isOriginPath: true, url: pdfDownloadUrl(bookId), urlOnlink: "" },
    isDownloadProject: true,
    isDownloadAttach: false,
    attachments: [],
    hideDownloadSinglePage: false,
    code: "",
  };
}

/**
 * Rule: DownloadButtonVisible turned on with no download config on a user-uploaded book (source -1) creates and
 * saves the default download config.
 */
export function downloadButtonRule(
  changes: HtmlConfig,
  downloadConfig: DownloadConfig | null,
  book: BookFacts,
): DownloadConfig | null {
  if (!("DownloadButtonVisible" in changes) || !parseBoolean(changes.DownloadButtonVisible)) return downloadConfig;
  if (downloadConfig || book.source !== -1) return downloadConfig;
  return defaultDownloadConfig(book.bookId);
}

export const leaveMessagePluginName = "BookLeaveMessage";

/**
 * Where readers post a message: the hosted reader's own path the gateway serves (POST /b/<number>/post-comment, as
 * comment.json is under /b/<number>/_meta/); without a number, the same path relative to the book's reader.
 */
export const postCommentPath = (number = "") =>
  number ? `/b/${encodeURIComponent(number)}/post-comment` : "post-comment";

/** Spec 000 §3 "Plugin BookLeaveMessage": name, src, config{toServer{src, getJSON, commentJSON}, bookId, showLeaveMessage}. */
export function leaveMessagePlugin(bookId: string, number = ""): Plugin {
  return {
    name: leaveMessagePluginName,
    src: "plugins/BookLeaveMessage/index.js",
    config: {
      toServer: {
        src: postCommentPath(number),
        getJSON: "_meta/comment/comment.json",
        commentJSON: "_meta/comment/comment.json",
      },
      bookId,
      showLeaveMessage: true,
    },
  };
}

/** Rule: MessageButtonVisible / showLeaveMessage add the BookLeaveMessage plugin for Show, Yes or true, remove it otherwise. */
export function leaveMessageRule(changes: HtmlConfig, plugins: Plugin[], bookId: string, number = ""): Plugin[] {
  let result = plugins;
  for (const key of ["MessageButtonVisible", "showLeaveMessage"]) {
    if (!(key in changes)) continue;
    const others = result.filter((plugin) => plugin.name !== leaveMessagePluginName);
    result = parseBoolean(changes[key]) ? [...others, leaveMessagePlugin(bookId, number)] : others;
  }
  return result;
}

/**
 * Rule: a background image set keeps loadingBackgroundColorType (default 1) unless the change sets it; a background
 * cleared sets it to 1.
 */
export function backgroundImageRule(changes: HtmlConfig, stored: HtmlConfig): HtmlConfig {
  if (!("backGroundImgURL" in changes)) return changes;
  const image = changes.backGroundImgURL;
  const set = typeof image === "string" ? image.trim() !== "" : Boolean(image);
  if (!set) return { ...changes, loadingBackgroundColorType: 1 };
  if ("loadingBackgroundColorType" in changes) return changes;
  return { ...changes, loadingBackgroundColorType: stored.loadingBackgroundColorType ?? 1 };
}

/** Rule: changing loadingCaptionSource clears loadingCaption (unless the same change sets a caption itself). */
export function loadingCaptionRule(changes: HtmlConfig, stored: HtmlConfig): HtmlConfig {
  if (
    !("loadingCaptionSource" in changes) ||
    "loadingCaption" in changes ||
    changes.loadingCaptionSource === stored.loadingCaptionSource
  ) {
    return changes;
  }
  return { ...changes, loadingCaption: "" };
}

/** Spec 000 §5: the file setting's extensions; such values are file paths. */
const fileExtensions = /\.(jpe?g|png|gif|swf|mp4|webm|mp3|ogg|wav|m4a|acc|flac|pdf|webp|svg)(\?.*)?$/i;

/** Rule (reply): relative file paths in htmlConfig are answered absolute, against the request's base URL. */
export function absoluteFilePaths(config: HtmlConfig, baseUrl: string): HtmlConfig {
  if (!baseUrl) return config;
  const base = baseUrl.replace(/\/+$/, "");
  const result: HtmlConfig = {};
  for (const [key, value] of Object.entries(config)) {
    const relative =
      typeof value === "string" &&
      fileExtensions.test(value.trim()) &&
      !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(value.trim()) &&
      !/\s/.test(value.trim());
    result[key] = relative ? `${base}/${(value as string).trim().replace(/^(\.\/|\/)+/, "")}` : value;
  }
  return result;
}

/** update-book on the server: parses every field, applies every rule, and checks the merged config's size. */
export function applyBookUpdate(current: BookSettings, update: BookUpdate, book: BookFacts): BookSettings {
  let changes: HtmlConfig = update.bookConfig.trim() ? parseBookConfig(update.bookConfig) : {};
  const plugins = update.plugin.trim() ? parsePlugins(update.plugin) : current.plugins;
  let downloadConfig = update.downloadConfig.trim()
    ? parseDownloadConfig(update.downloadConfig)
    : current.downloadConfig;
  if (update.isDownload !== "" && update.isDownload !== "1" && update.isDownload !== "0") {
    throw invalid(message("field.oneOf", { field: "isDownload", allowed: "1, 0" }), "isDownload");
  }
  changes = backgroundImageRule(changes, current.htmlConfig);
  changes = loadingCaptionRule(changes, current.htmlConfig);
  changes = contactRule(changes);
  downloadConfig = downloadButtonRule(changes, downloadConfig, book);
  const htmlConfig = { ...current.htmlConfig, ...changes };
  if (Object.keys(htmlConfig).length > settingsLimits.htmlConfigKeys) {
    throw invalid(message("field.atMost", { field: "bookConfig", max: settingsLimits.htmlConfigKeys }), "bookConfig");
  }
  if (byteLength(JSON.stringify(htmlConfig)) > settingsLimits.htmlConfigBytes) {
    throw tooLarge("htmlConfig", settingsLimits.htmlConfigBytes);
  }
  return {
    htmlConfig,
    plugins: leaveMessageRule(changes, plugins, book.bookId, book.number),
    downloadConfig,
    isDownload: update.isDownload === "" ? current.isDownload : update.isDownload === "1",
  };
}
