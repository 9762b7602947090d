import { type CodedMessage, DomainError, message, ref } from "@turnleaf/kit";

/**
 * A user's creation preferences (spec 001 §7 "User preferences"), with the enumerations of spec 000 §3 and the
 * defaults of §9: engine (render) type 2, vector type 2, quality 2; PDF import with TOC, search and links on,
 * bleed 0, every page.
 */
export interface PdfImportConfig {
  importTOC: boolean;
  pdfBleed: number;
  importSearch: boolean;
  importLink: boolean;
  textToLink: boolean;
  /** Page range like "1,5-8,20"; "" for every page. */
  r: string;
  IMAGEINPDF: boolean;
}

export interface UserMeta {
  cb_renderType: number;
  cb_vectorType: number;
  cb_qualityDpi: number;
  pdfImportConfig: PdfImportConfig;
  cb_cutType: number;
  cb_autoCreate: boolean;
  never_show_privacy_tips: boolean;
}

export const defaultUserMeta: UserMeta = {
  cb_renderType: 2,
  cb_vectorType: 2,
  cb_qualityDpi: 2,
  pdfImportConfig: {
    importTOC: true,
    pdfBleed: 0,
    importSearch: true,
    importLink: true,
    textToLink: false,
    r: "",
    IMAGEINPDF: false,
  },
  cb_cutType: 0,
  cb_autoCreate: false,
  never_show_privacy_tips: false,
};

export const userMetaKeys = Object.keys(defaultUserMeta) as (keyof UserMeta)[];

const invalid = (field: string, text: CodedMessage) =>
  new DomainError("INVALID_ARGUMENT", text, { details: { field } });

function integerOf(value: unknown, field: string): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number))
    throw invalid(field, message("field.wholeNumber", { field }));
  return number;
}

function oneOf(value: unknown, field: string, allowed: readonly number[]): number {
  const number = integerOf(value, field);
  if (!allowed.includes(number)) throw invalid(field, message("field.oneOf", { field, allowed: allowed.join(", ") }));
  return number;
}

/** Booleans as the editor sends them: true/false, 1/0, or the strings yes/show/true (spec 000 §5). */
function booleanOf(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1;
  return typeof value === "string" && ["yes", "show", "true", "1"].includes(value.trim().toLowerCase());
}

const pageRange = /^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/;

/**
 * The render (engine) type: 5 full vector, 2 HD image, 1 HD text. 3 and 4 were older engines that no longer exist;
 * they become 2.
 */
export function renderTypeOf(value: unknown): number {
  const type = oneOf(value, "cb_renderType", [1, 2, 3, 4, 5]);
  return type === 3 || type === 4 ? 2 : type;
}

function pdfImportConfigOf(value: unknown, current: PdfImportConfig): PdfImportConfig {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw invalid("pdfImportConfig", message("field.jsonObject", { field: "pdfImportConfig" }));
  }
  const changes = value as Record<string, unknown>;
  const next = { ...current };
  for (const [key, raw] of Object.entries(changes)) {
    const field = `pdfImportConfig.${key}`;
    switch (key) {
      case "importTOC":
      case "importSearch":
      case "importLink":
      case "textToLink":
      case "IMAGEINPDF":
        next[key] = booleanOf(raw);
        break;
      case "pdfBleed": {
        const bleed = integerOf(raw, field);
        if (bleed < 0 || bleed > 100)
          throw invalid(field, message("field.range", { field: "pdfBleed", min: 0, max: 100 }));
        next.pdfBleed = bleed;
        break;
      }
      case "r": {
        const range = typeof raw === "string" ? raw.trim() : "";
        if (typeof raw !== "string" || range.length > 1000 || (range !== "" && !pageRange.test(range))) {
          throw invalid(field, message("pageRange.like"));
        }
        next.r = range;
        break;
      }
      default:
        throw invalid(field, message("unknownPreference", { name: key.slice(0, 100) }));
    }
  }
  return next;
}

/** The preferences after a change of some of them; unknown keys and out-of-range values are refused. */
export function applyUserMeta(current: UserMeta, changes: Record<string, unknown>): UserMeta {
  const next: UserMeta = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    switch (key) {
      case "cb_renderType":
        next.cb_renderType = renderTypeOf(value);
        break;
      case "cb_vectorType":
        next.cb_vectorType = oneOf(value, key, [1, 2, 3, 4]);
        break;
      case "cb_qualityDpi":
        next.cb_qualityDpi = oneOf(value, key, [1, 2, 3, 4]);
        break;
      case "cb_cutType":
        next.cb_cutType = oneOf(value, key, [-1, 0, 1, 2, 3]);
        break;
      case "cb_autoCreate":
      case "never_show_privacy_tips":
        next[key] = booleanOf(value);
        break;
      case "pdfImportConfig":
        next.pdfImportConfig = pdfImportConfigOf(value, current.pdfImportConfig);
        break;
      default:
        throw invalid(key.slice(0, 100), message("unknownPreference", { name: key.slice(0, 100) }));
    }
  }
  return next;
}

/** Stored preferences over the defaults (a stored 3 or 4 render type from before reads as 2). */
export function userMetaOf(stored: Partial<UserMeta> | undefined): UserMeta {
  const meta = { ...defaultUserMeta, ...stored, pdfImportConfig: { ...defaultUserMeta.pdfImportConfig } };
  Object.assign(meta.pdfImportConfig, stored?.pdfImportConfig);
  if (meta.cb_renderType === 3 || meta.cb_renderType === 4) meta.cb_renderType = 2;
  return meta;
}

const logoPath = /^\/[A-Za-z0-9._~!$&'()*+,;=:@/%-]*$/;

/**
 * A book logo is an http(s) URL or a site-relative path (what upload-file answers), at most 2,000 characters;
 * empty clears it. Whether it is an image wider than 2 px (spec 000 §5) is the editor's check before it sends it.
 */
export function bookLogoOf(value: string): string {
  const logo = value.trim();
  if (logo === "") return "";
  if (logo.length > 2000) throw invalid("logo", message("textTooLong", { field: ref("fieldName.logo"), max: 2000 }));
  if (logoPath.test(logo) && !logo.startsWith("//")) return logo;
  let url: URL;
  try {
    url = new URL(logo);
  } catch {
    throw invalid("logo", message("logoLink"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid("logo", message("logoLink"));
  }
  return url.toString();
}

const providerPattern = /^[a-z][a-z0-9_-]{1,31}$/;

/** A third-party identity: a provider name (lower case) and its subject id (1-200 visible characters). */
export function thirdIdentityOf(provider: string, subject: string): { provider: string; subject: string } {
  const name = provider.trim().toLowerCase();
  if (!providerPattern.test(name)) {
    throw invalid("provider", message("field.invalid", { field: "provider" }));
  }
  const id = subject.trim();
  if (id === "" || id.length > 200 || /[\s\p{C}]/u.test(id)) {
    throw invalid("subject", message("field.invalid", { field: "subject" }));
  }
  return { provider: name, subject: id };
}

/**
 * The stored paths a preference change sets: each changed top-level key, and of pdfImportConfig only the fields that
 * differ (so two people changing different import options at once both keep theirs).
 */
export function userMetaPaths(current: UserMeta, next: UserMeta, changed: string[]): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const key of changed as (keyof UserMeta)[]) {
    if (key !== "pdfImportConfig") {
      paths[key] = next[key];
      continue;
    }
    for (const field of Object.keys(next.pdfImportConfig) as (keyof PdfImportConfig)[]) {
      if (next.pdfImportConfig[field] !== current.pdfImportConfig[field]) {
        paths[`pdfImportConfig.${field}`] = next.pdfImportConfig[field];
      }
    }
  }
  return paths;
}
