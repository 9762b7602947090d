import {
  checkSettings,
  type Lang,
  type RefusalRule,
  refusalText,
  type SettingRefusal,
  type SettingsSchema,
  type SettingsTree,
  settingRuleLabelKeys,
  settingsSchema,
} from "@turnleaf/resource-files";
import { ApiError } from "./api.js";
import { bookFieldPrefix } from "./basic/basic-info.js";
import { isMediaKey } from "./media/media-doc.js";

/**
 * The settings catalogue's validator in the editor (the one the book service applies): a change is checked before
 * update-book is sent, and a refusal — the editor's or the server's — is shown as the setting's catalogue text in
 * the interface language ("<title>: <rule>", the rule's text from the editor labels of the language service).
 */

/** Keys the book service checks with rules of their own panels (phone numbers, ad banner, about text). */
const ownRuleKeys = new Set(["aboutContent", "singlePhoneNumber", "MultiPhoneNumber", "adConfig"]);

let schema: SettingsSchema | undefined;

/** The catalogue the editor loaded (catalogue.ts): its tree becomes the validator. */
export function catalogueForChecks(tree: SettingsTree): void {
  schema = tree.groups.length > 0 ? settingsSchema(tree) : undefined;
}

/** The editor's labels of the interface language (the rule texts among them), or none: the built-in texts. */
type RuleLabels = object;

function textsOf(labels: RuleLabels): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const key of ["settingRefused", ...Object.values(settingRuleLabelKeys)]) {
    const text = (labels as Record<string, unknown>)[key];
    if (typeof text === "string" && text !== "") texts[key] = text;
  }
  return texts;
}

/** The refusal as the interface shows it. */
export function refusalMessage(refusal: SettingRefusal, lang: Lang, labels: RuleLabels = {}): string {
  return refusalText(refusal, lang, textsOf(labels));
}

/** A refusal the book service answered (update-book's `data`), when it carries the catalogue's rule. */
export function refusalOf(data: unknown): SettingRefusal | undefined {
  if (data === null || typeof data !== "object") return undefined;
  const { field, rule, params, title, desc } = data as Record<string, unknown>;
  if (typeof field !== "string" || typeof rule !== "string" || !(rule in settingRuleLabelKeys)) return undefined;
  const text = (value: unknown) =>
    value && typeof value === "object" && typeof (value as { zh?: unknown }).zh === "string"
      ? (value as { zh: string; en: string })
      : { zh: field, en: field };
  return {
    key: field,
    rule: rule as RefusalRule,
    params: params && typeof params === "object" ? (params as Record<string, string | number>) : {},
    title: text(title),
    desc: text(desc),
    problem: rule,
  };
}

/**
 * Throws the ApiError the save flow shows when a change breaks the catalogue's rules (nothing is sent then); a
 * change without a loaded catalogue goes to the server, which checks it anyway.
 */
export function assertValidChange(config: Record<string, unknown>, lang: Lang, labels: RuleLabels = {}): void {
  if (!schema) return;
  const checked = checkSettings(schema, config, ownRuleKeys);
  if (checked.ok) return;
  throw new ApiError("ERROR", refusalMessage(checked.refusal, lang, labels), {
    field: checked.refusal.key,
    rule: checked.refusal.rule,
    params: checked.refusal.params,
  });
}

/**
 * A server refusal of a setting the gateway could not word (its language service down: the message is the plain
 * `settingRule.<rule> (…)`), worded here in the interface language; any other error, and a worded one, unchanged.
 */
export function localisedRefusal(error: unknown, lang: Lang, labels: RuleLabels = {}): unknown {
  if (!(error instanceof ApiError) || !error.message.startsWith("settingRule.")) return error;
  const refusal = refusalOf(error.data);
  return refusal ? new ApiError(error.code, refusalMessage(refusal, lang, labels), error.data) : error;
}

/**
 * Why a change of the document may not be made (the catalogue text in the interface language), or undefined. Only
 * the htmlConfig keys are looked at: the book's own fields and page media have their own checks. The editor asks
 * before it records, previews or sends anything, so a refused value never leaves the stored one.
 */
export function changeRefusal(
  values: Record<string, unknown>,
  lang: Lang,
  labels: RuleLabels = {},
): string | undefined {
  const settings = Object.fromEntries(
    Object.entries(values).filter(([key]) => !key.startsWith(bookFieldPrefix) && !isMediaKey(key)),
  );
  try {
    assertValidChange(settings, lang, labels);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
