import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { isSafeLink, normaliseText } from "@turnleaf/resource-files";
import { InfoXmlError, infoLimits, parseInfo, serializeInfo } from "./info-xml.js";
import { parseBoolean } from "./setting-values.js";

/**
 * Phone numbers (spec 000 §3: singlePhoneNumber, MultiPhoneNumber[{label, number}], isSingleNum, isMultiNum) and the
 * ad config (haveAd, bgOpacity, bgColor, interval default 3000 ms, data[], adPosition) as update-book stores them
 * in htmlConfig. Pure normalisers: update-book applies them to the keys a change carries.
 */
export const contactLimits = {
  phones: 20,
  labelLength: 50,
  ads: 20,
  adIntervalMinMs: 500,
  adIntervalMaxMs: 600_000,
} as const;
export const defaultAdIntervalMs = 3000;

function invalid(text: CodedMessage, field: string): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, { details: { field } });
}

const phonePattern = /^[0-9+()\-.\s/#*]{3,40}$/;

export function phoneNumber(value: unknown, field: string): string {
  const text = typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
  if (text === "") return "";
  if (!phonePattern.test(text)) throw invalid(message("invalidPhone"), field);
  return text;
}

/** MultiPhoneNumber as a list of {label, number}; a JSON text of that list is accepted too. */
export function multiPhoneNumbers(value: unknown): { label: string; number: string }[] {
  let list = value;
  if (typeof value === "string") {
    if (value.trim() === "") return [];
    try {
      list = JSON.parse(value);
    } catch {
      throw invalid(message("invalidJson"), "MultiPhoneNumber");
    }
  }
  if (!Array.isArray(list)) throw invalid(message("field.jsonList", { field: "MultiPhoneNumber" }), "MultiPhoneNumber");
  if (list.length > contactLimits.phones) {
    throw invalid(message("tooManyPhones", { max: contactLimits.phones }), "MultiPhoneNumber");
  }
  return list.map((entry: unknown) => {
    const raw = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
    const label = typeof raw.label === "string" ? raw.label.trim() : "";
    if (label.length > contactLimits.labelLength) {
      throw invalid(message("textTooLong", { field: "label", max: contactLimits.labelLength }), "MultiPhoneNumber");
    }
    const number = phoneNumber(raw.number, "MultiPhoneNumber");
    if (number === "") throw invalid(message("phoneNumberRequired"), "MultiPhoneNumber");
    return { label, number };
  });
}

export interface AdConfig {
  haveAd: boolean;
  bgOpacity: number;
  bgColor: string;
  interval: number;
  data: { image: string; link: string }[];
  adPosition: string;
}

const safeLink = (value: unknown) =>
  typeof value === "string" && (/^https?:\/\/\S+$/i.test(value.trim()) || /^\/(?!\/)\S*$/.test(value.trim()))
    ? value.trim()
    : "";

/**
 * The ad config: banner images with their links; interval in ms (default 3000, 500 to 600000); bgOpacity 0 to 1;
 * bgColor #rgb/#rrggbb. Entries are {image, link} (spec 000 leaves their shape out; `url`/`src` name the image too).
 */
export function adConfig(value: unknown): AdConfig {
  let raw = value;
  if (typeof value === "string") {
    try {
      raw = JSON.parse(value);
    } catch {
      throw invalid(message("invalidJson"), "adConfig");
    }
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw invalid(message("field.jsonObject", { field: "adConfig" }), "adConfig");
  const config = raw as Record<string, unknown>;
  const interval =
    config.interval === undefined || config.interval === "" ? defaultAdIntervalMs : Number(config.interval);
  if (
    !Number.isInteger(interval) ||
    interval < contactLimits.adIntervalMinMs ||
    interval > contactLimits.adIntervalMaxMs
  ) {
    const range = { field: "interval (ms)", min: contactLimits.adIntervalMinMs, max: contactLimits.adIntervalMaxMs };
    throw invalid(message("field.range", range), "adConfig");
  }
  const opacity = config.bgOpacity === undefined || config.bgOpacity === "" ? 1 : Number(config.bgOpacity);
  if (!Number.isFinite(opacity) || opacity < 0 || opacity > 1)
    throw invalid(message("field.range", { field: "bgOpacity", min: 0, max: 1 }), "adConfig");
  const colour = typeof config.bgColor === "string" ? config.bgColor.trim() : "";
  if (colour !== "" && !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour))
    throw invalid(message("colourInvalid"), "adConfig");
  const entries = Array.isArray(config.data) ? config.data : [];
  if (entries.length > contactLimits.ads)
    throw invalid(message("field.atMost", { field: "adConfig", max: contactLimits.ads }), "adConfig");
  const data = entries.map((entry: unknown) => {
    const ad = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
    const image = safeLink(ad.image ?? ad.url ?? ad.src);
    if (image === "") throw invalid(message("adImageRequired"), "adConfig");
    return { image, link: safeLink(ad.link) };
  });
  const position = typeof config.adPosition === "string" ? config.adPosition.trim().slice(0, 20) : "";
  return {
    haveAd: parseBoolean(config.haveAd),
    bgOpacity: opacity,
    bgColor: colour,
    interval,
    data,
    adPosition: position || "bottom",
  };
}

/** The settings tree's limit of the about panel's plain text (key aboutContent, maxLength 5000). */
export const aboutTextLength = 5000;

/**
 * aboutContent, the about/contact panel: plain text (≤ 5000 characters), or spec 001's info XML (a value starting
 * with "<"), which must parse and is stored as the serializer writes it (entities resolved and re-escaped, unknown
 * item types and anything else dropped). A broken document is refused and nothing is saved.
 */
export function aboutContent(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") throw invalid(message("field.invalid", { field: "aboutContent" }), "aboutContent");
  const text = normaliseText(String(value), { multiline: true }).trim();
  if (!text.startsWith("<")) {
    if (text.length > aboutTextLength) {
      throw invalid(message("textTooLong", { field: "aboutContent", max: aboutTextLength }), "aboutContent");
    }
    return text;
  }
  if (text.length > infoLimits.xmlLength) {
    throw invalid(message("textTooLong", { field: "aboutContent", max: infoLimits.xmlLength }), "aboutContent");
  }
  try {
    const info = parseInfo(text);
    const links = [
      info.logo,
      ...info.items.filter((item) => item.type === "Link" || item.type === "Logo").map((item) => item.value),
    ];
    if (links.some((link) => !isSafeLink(link))) {
      throw invalid(message("infoXmlLinks"), "aboutContent");
    }
    return serializeInfo(info);
  } catch (error) {
    if (error instanceof InfoXmlError) {
      // The parser's reason is for the logs and the API caller; the owner reads the coded text.
      throw new DomainError("INVALID_ARGUMENT", message("infoXmlInvalid"), {
        details: { field: "aboutContent", reason: error.message },
      });
    }
    throw error;
  }
}

/** The rule update-book applies: the phone, ad and about keys of a change, normalised (others untouched). */
export function contactRule(changes: Record<string, unknown>): Record<string, unknown> {
  const result = { ...changes };
  if ("aboutContent" in changes) result.aboutContent = aboutContent(changes.aboutContent);
  if ("singlePhoneNumber" in changes)
    result.singlePhoneNumber = phoneNumber(changes.singlePhoneNumber, "singlePhoneNumber");
  if ("MultiPhoneNumber" in changes) result.MultiPhoneNumber = multiPhoneNumbers(changes.MultiPhoneNumber);
  if ("adConfig" in changes) result.adConfig = adConfig(changes.adConfig);
  return result;
}
