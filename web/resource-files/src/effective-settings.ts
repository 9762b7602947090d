import { featureOfKey, switchesOff } from "./feature-gates.js";

/**
 * What a reader is served of a book's settings is what its owner's power allows now (spec 000 §6), not what was
 * stored while it allowed more: a gated feature the owner no longer has (a downgrade, an override) is switched off
 * at serve time, without the book being saved again. Two cases:
 * - a stored setting of the feature is switched off (a visibility word to its "off" word, a picture or text
 *   cleared, an ad switched off);
 * - a feature the reader shows when its setting is absent (the select-text button, the contents and bookmark
 *   buttons, auto flip, page shadows, the download button) gets its explicit "off" setting.
 */
const shownUnlessSet: Record<string, Record<string, unknown>> = {
  COPY_TEXT: { SelectTextButtonVisible: "Hide" },
  TOC: { TableOfContentButtonVisible: "Hide" },
  BOOKMARK: { BookMarkButtonVisible: "Hide" },
  AUTO_FLIP: { AutoPlayButtonVisible: "Hide", autoPlayAutoStart: "No" },
  SHADOW: { showShadow: "No" },
  DOWNLOAD: { DownloadButtonVisible: "Hide" },
  READER_MESSAGE: { MessageButtonVisible: "Hide" },
};

const onWords: Record<string, string> = { yes: "No", show: "Hide", true: "false" };

/** A setting's "off" value of the same kind: No for Yes, Hide for Show, false, 0, an empty text, list or object. */
export function offValue(value: unknown): unknown {
  if (switchesOff(value)) return value;
  if (typeof value === "boolean") return false;
  if (typeof value === "number") return 0;
  if (typeof value === "string") {
    const word = onWords[value.trim().toLowerCase()];
    if (!word) return "";
    return value.trim()[0] === value.trim()[0]?.toUpperCase() ? word : word.toLowerCase();
  }
  if (Array.isArray(value)) return [];
  if (value && typeof value === "object" && "haveAd" in value) return { ...value, haveAd: false };
  return {};
}

export interface EffectiveSettings {
  htmlConfig: Record<string, unknown>;
  /** The gated features switched off because the owner does not have them (each once, in code order). */
  withheld: string[];
}

/** The settings a reader gets: `htmlConfig` with every gated feature outside `allowed` switched off. */
export function effectiveSettings(
  htmlConfig: Readonly<Record<string, unknown>>,
  allowed: ReadonlySet<string>,
): EffectiveSettings {
  const result: Record<string, unknown> = { ...htmlConfig };
  const withheld = new Set<string>();
  for (const [key, value] of Object.entries(htmlConfig)) {
    const code = featureOfKey(key);
    if (!code || allowed.has(code)) continue;
    // A book label is HOT_LABEL's ("0": none, never gated).
    if (key.toLowerCase() === "label" && ["", "0"].includes(String(value).trim())) continue;
    result[key] = offValue(value);
    if (!switchesOff(value)) withheld.add(code);
  }
  for (const [code, settings] of Object.entries(shownUnlessSet)) {
    if (allowed.has(code)) continue;
    for (const [key, off] of Object.entries(settings)) {
      const stored = Object.keys(result).find((name) => name.toLowerCase() === key.toLowerCase());
      if (stored === undefined) {
        result[key] = off;
        withheld.add(code);
      }
    }
  }
  return { htmlConfig: result, withheld: [...withheld].sort() };
}
