import { isSafeContentLink, normaliseText, parseBoundedJson } from "./safe-values.js";
import { type RuleCode, settingRuleBreak } from "./setting-rules.js";
import { settingIndex } from "./settings.js";
import type { FormNode, LeafNode, LocalizedText, SettingsTree, ValueNode } from "./types.js";

/**
 * The one validator of htmlConfig values, derived from the settings catalogue: the book service applies it to every
 * write of settings (update-book's bookConfig, saved themes, custom config), the editor before it sends a change.
 * Each key's node gives its type, range, options, pattern and file kinds; texts are normalised (control and
 * bidi-override characters removed) before they are checked.
 */
export type RefusalRule = RuleCode | "unknownSetting" | "tooDeep" | "tooLarge";

export interface SettingRefusal {
  /** The key as sent (an alias stays an alias). */
  key: string;
  rule: RefusalRule;
  params: Record<string, string | number>;
  /** The catalogue's title and description of the setting (of the form field, for a form). */
  title: LocalizedText;
  /**
   * The setting's catalogue key (`backgroundMusic.loops` for a form field); absent for keys the catalogue does not
   * know. Message catalogues name the title `settingTitle.<titleKey>`.
   */
  titleKey?: string;
  desc: LocalizedText;
  /** Developer's English, for logs and tests. */
  problem: string;
}

export type SettingCheck = { ok: true; value: unknown; refusal?: undefined } | { ok: false; refusal: SettingRefusal };

export interface SettingsSchema {
  index: Map<string, ValueNode>;
}

export const settingsSchema = (tree: SettingsTree): SettingsSchema => ({ index: settingIndex(tree) });

/**
 * Keys the catalogue does not know (older desktop projects carry some) are kept only as plain values: a number,
 * on/off, or a single-line text of at most this many characters whose link scheme, if any, is http(s) or mailto.
 */
export const looseValueLength = 2048;

/** Nesting of one setting's value (a form is 1; the ad banner's entries 3). */
export const settingValueDepth = 4;

const keyTitle = (key: string): LocalizedText => ({ zh: key, en: key });

function refusal(
  key: string,
  node: ValueNode | LeafNode | undefined,
  rule: RefusalRule,
  problem: string,
  params: Record<string, string | number> = {},
  titleKey = node?.key,
): SettingCheck {
  return {
    ok: false,
    refusal: {
      key,
      rule,
      params,
      ...(titleKey ? { titleKey } : {}),
      title: node?.title ?? keyTitle(key),
      desc: node?.desc ?? keyTitle(key),
      problem: `${key} ${problem}`,
    },
  };
}

function normaliseLeaf(node: LeafNode, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (node.type === "text") return normaliseText(value, { multiline: node.multiline === true });
  return node.type === "file" ? value : value.trim();
}

function normalise(node: ValueNode, value: unknown): unknown {
  if (node.type !== "form") return normaliseLeaf(node, value);
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, fieldValue]) => {
      const field = (node as FormNode).fields.find((candidate) => candidate.key === name);
      return [name, field ? normaliseLeaf(field, fieldValue) : fieldValue];
    }),
  );
}

function looseValue(key: string, value: unknown): SettingCheck {
  if (typeof value === "boolean") return { ok: true, value };
  if (typeof value === "number") {
    return Number.isFinite(value) ? { ok: true, value } : refusal(key, undefined, "unknownSetting", "is not finite");
  }
  if (typeof value !== "string") {
    return refusal(key, undefined, "unknownSetting", "is no setting of the catalogue and not a plain value");
  }
  const text = normaliseText(value);
  if (text.length > looseValueLength) {
    return refusal(key, undefined, "text", `is longer than ${looseValueLength}`, { maxLength: looseValueLength });
  }
  // "javascript:…", "data:…" — not "Note: …" or "10:30".
  if (/^\s*[a-z][a-z0-9+.-]*:(?![\s\d])/i.test(text) && !isSafeContentLink(text)) {
    return refusal(key, undefined, "link", "has a link scheme other than http(s) or mailto");
  }
  return { ok: true, value: text };
}

/**
 * One setting: the value to store (texts normalised) or why it is refused. "" and null clear a setting of any type
 * (the reader then uses its default); a form's value may also come as the JSON text of its object.
 */
export function checkSetting(schema: SettingsSchema, key: string, raw: unknown): SettingCheck {
  if (raw === null || raw === "") return { ok: true, value: "" };
  const node = schema.index.get(key);
  if (!node) return looseValue(key, raw);
  let value: unknown = raw;
  if (node.type === "form" && typeof raw === "string" && raw.trim().startsWith("{")) {
    const parsed = parseBoundedJson(raw, { maxDepth: settingValueDepth, maxLength: 64 * 1024 });
    if (!parsed.ok) return refusal(key, node, parsed.reason === "tooDeep" ? "tooDeep" : "object", parsed.reason);
    value = parsed.value;
  }
  value = normalise(node, value);
  const broken = settingRuleBreak(node, value);
  if (!broken) return { ok: true, value };
  const shown = broken.field ?? node;
  const titleKey = broken.field ? `${node.key}.${broken.field.key}` : node.key;
  return refusal(key, shown, broken.rule, broken.problem, broken.params, titleKey);
}

/**
 * A change of several keys: every value checked, the first refusal answered (nothing of the change may be stored
 * then). `skip` names keys another rule of the caller validates (and normalises) itself.
 */
export function checkSettings(
  schema: SettingsSchema,
  changes: Record<string, unknown>,
  skip: ReadonlySet<string> = new Set(),
): { ok: true; values: Record<string, unknown> } | { ok: false; refusal: SettingRefusal } {
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(changes)) {
    if (skip.has(key)) {
      values[key] = raw;
      continue;
    }
    const checked = checkSetting(schema, key, raw);
    if (!checked.ok) return checked;
    values[key] = checked.value;
  }
  return { ok: true, values };
}
