import { randomBytes } from "node:crypto";
import { type CodedMessage, DomainError, message, ref } from "@turnleaf/kit";
import { type BusinessCardTexts, brandKinds, normaliseText } from "@turnleaf/resource-files";
import { checkFreeJson, parseSettingsJson } from "./setting-validation.js";

/**
 * Per-book and per-user content beyond settings (spec 000 §7, spec 001 §7 "Client data"): custom config, custom
 * content and saved themes; business cards; brands; share icon; text status; upload logs. Pure rules: every limit
 * is checked here, the handlers only store what these functions return.
 */
export const contentLimits = {
  customJsonBytes: 256 * 1024,
  /** The name the editor keeps a custom configuration under (its `customConfigName`; web/editor customNameMax). */
  customNameLength: 64,
  customEntriesPerBook: 200,
  themesPerUser: 200,
  cardsPerUser: 100,
  brandsPerUser: 200,
  cardFieldLength: 500,
  urlLength: 2048,
  uploadLogBytes: 32 * 1024,
  /** A user's upload logs kept: the newest this many, none older than uploadLogDays (a client may post one a second). */
  uploadLogsPerUser: 100,
  uploadLogDays: 30,
} as const;

function invalid(text: CodedMessage, field: string): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, { details: { field } });
}

export type CustomKindName = "config" | "content" | "theme";

/** Spec 001: config kinds config, olsconfig (the TOC) and theme. */
export const customConfigKeys = ["config", "olsconfig", "theme"] as const;

const entryKey = /^[A-Za-z0-9_.-]{1,64}$/;

/** The key of a custom entry: a spec 001 config kind for custom config, a short name otherwise. */
export function customKey(kind: CustomKindName, key: string, { forRead }: { forRead: boolean }): string {
  const trimmed = key.trim();
  if (forRead && trimmed === "") return "";
  if (kind === "config") {
    const chosen = trimmed || "config";
    if (!(customConfigKeys as readonly string[]).includes(chosen)) {
      throw invalid(message("field.oneOf", { field: "type", allowed: "config, olsconfig, theme" }), "type");
    }
    return chosen;
  }
  if (!entryKey.test(trimmed)) throw invalid(message("customKeyFormat"), "key");
  return trimmed;
}

/**
 * A custom entry's JSON: an object or a list within the size limit and nesting depth; broken JSON answers 'Invalid
 * JSON string'. No string may carry a script link; custom config and saved themes hold settings, so their keys the
 * settings catalogue knows must have values valid for it.
 */
export function customJson(text: string, field = "content", kind: CustomKindName = "content"): string {
  if (Buffer.byteLength(text, "utf8") > contentLimits.customJsonBytes) {
    throw invalid(message("field.tooBig", { field, max: contentLimits.customJsonBytes / 1024 }), field);
  }
  const parsed = parseSettingsJson(text, field);
  if (parsed === null || typeof parsed !== "object") throw invalid(message("field.jsonValue", { field }), field);
  checkFreeJson(parsed, field, { settingKeys: kind !== "content" });
  if (kind === "config") checkCustomConfigName(parsed, field);
  return JSON.stringify(parsed);
}

/** A custom configuration's name, when it carries one: text of 1 to customNameLength characters. */
function checkCustomConfigName(parsed: object, field: string): void {
  if (Array.isArray(parsed) || !("customConfigName" in parsed)) return;
  const name = (parsed as { customConfigName: unknown }).customConfigName;
  const length = typeof name === "string" ? [...name.trim()].length : 0;
  if (length === 0) throw invalid(message("field.required", { field: "customConfigName" }), field);
  if (length > contentLimits.customNameLength) {
    throw invalid(message("customConfigNameLength", { max: contentLimits.customNameLength }), field);
  }
}

/** An http(s) URL or a path on this site (no javascript:, data: or protocol-relative URLs). */
export function safeUrl(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === "") return "";
  if (trimmed.length > contentLimits.urlLength)
    throw invalid(message("textTooLong", { field, max: contentLimits.urlLength }), field);
  if (/^https?:\/\/[^\s]+$/i.test(trimmed) || /^\/(?!\/)[^\s]*$/.test(trimmed)) return trimmed;
  throw invalid(message("field.link", { field }), field);
}

/** A card's fields (the one list both sides of gRPC share), each text. */
export type BusinessCardFields = BusinessCardTexts;

const cardTextFields = ["name", "title", "company", "phone", "address", "description"] as const;

/**
 * A business card as stored: texts normalised (control and bidi-override characters removed) and trimmed within their
 * length, a name required, URLs and email checked.
 */
export function normaliseCard(raw: BusinessCardFields): BusinessCardFields {
  const card = { ...raw };
  for (const field of cardTextFields) {
    card[field] = normaliseText(raw[field] ?? "", { multiline: field === "description" }).trim();
    if (card[field].length > contentLimits.cardFieldLength) {
      throw invalid(message("textTooLong", { field, max: contentLimits.cardFieldLength }), field);
    }
  }
  if (card.name === "") throw invalid(message("cardNameRequired"), "name");
  if (card.phone !== "" && !/^[0-9+()\-.\s/]{3,40}$/.test(card.phone)) throw invalid(message("invalidPhone"), "phone");
  card.email = (raw.email ?? "").trim();
  if (card.email !== "" && !/^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/.test(card.email)) {
    throw invalid(message("invalidEmail"), "email");
  }
  card.website = safeUrl(raw.website ?? "", "website");
  card.avatar = safeUrl(raw.avatar ?? "", "avatar");
  return card;
}

/** Spec 001 brand kinds (one list, in @turnleaf/resource-files). */
export { brandKinds };
export type BrandKind = (typeof brandKinds)[number];

export interface BrandFields {
  kind: string;
  title: string;
  logo: string;
  link: string;
  description: string;
}

export function brandKind(kind: string, { optional }: { optional: boolean }): BrandKind | "" {
  if (optional && kind === "") return "";
  if (!(brandKinds as readonly string[]).includes(kind)) {
    throw invalid(
      message("field.oneOf", { field: "type", allowed: "loadingBrand, toolBarBrand, relatedBrand" }),
      "type",
    );
  }
  return kind as BrandKind;
}

export function normaliseBrand(raw: BrandFields): BrandFields {
  const title = normaliseText(raw.title).trim();
  const description = normaliseText(raw.description, { multiline: true }).trim();
  if (title.length > 200) throw invalid(message("textTooLong", { field: ref("fieldName.title"), max: 200 }), "title");
  if (description.length > contentLimits.cardFieldLength) {
    throw invalid(message("textTooLong", { field: ref("fieldName.desc"), max: contentLimits.cardFieldLength }), "desc");
  }
  const brand = {
    kind: brandKind(raw.kind, { optional: false }),
    title,
    logo: safeUrl(raw.logo, "logo"),
    link: safeUrl(raw.link, "link"),
    description,
  };
  if (brand.title === "" && brand.logo === "") throw invalid(message("brandNeedsTitle"), "title");
  return brand;
}

/** Text status (set-book-text-status): 1 the book's text layer is on, 0 off. */
export function textStatus(value: number): number {
  if (value !== 0 && value !== 1)
    throw invalid(message("field.oneOf", { field: "textStatus", allowed: "0, 1" }), "textStatus");
  return value;
}

/** A client upload log as stored: a JSON object within 32 KB (never shown back to the client). */
export function uploadLog(text: string): Record<string, unknown> {
  if (Buffer.byteLength(text, "utf8") > contentLimits.uploadLogBytes) {
    throw invalid(message("field.tooBig", { field: "log", max: contentLimits.uploadLogBytes / 1024 }), "log");
  }
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { text };
  }
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : { value: parsed };
}

/** Ids of cards, brands, logs and files: 24 hex digits like the rest of the platform's. */
export function newContentId(): string {
  return randomBytes(12).toString("hex");
}

export const contentIdPattern = /^[0-9a-f]{24}$/;
