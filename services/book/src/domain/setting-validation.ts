import { createRequire } from "node:module";
import { DomainError, message, ref } from "@turnleaf/kit";
import {
  checkSetting,
  checkSettings,
  isSafeContentLink,
  normaliseText,
  parseBoundedJson,
  type SettingRefusal,
  type SettingsSchema,
  type SettingsTree,
  settingsSchema,
  stringsIn,
  type UnknownSetting,
  validateSettingsTree,
  withKnownTypes,
} from "@turnleaf/resource-files";

/**
 * The settings catalogue's validator as the book service applies it (update-book's bookConfig, plug-ins, download
 * config, custom config and saved themes): refusals answer the catalogue's Chinese text (the interface default;
 * the editor shows its own language from `details`) and nothing of the write is stored.
 */

/** Nesting any settings JSON may have: bookConfig is 1, a form 2, the ad banner's entries 4. */
export const settingsJsonDepth = 16;

let loaded: SettingsSchema | undefined;
let unknownSettings: UnknownSetting[] = [];

/**
 * The served catalogue (web/resource-files' generated settings.json), read and checked once. Settings of a type
 * (spec 000's parser) this code does not know are left out (their keys stay plain values): catalogueUnknownSettings
 * names them for the service's log.
 */
export function catalogueSchema(): SettingsSchema {
  if (loaded) return loaded;
  const served = createRequire(import.meta.url)(
    "@turnleaf/resource-files/resourceFiles/settings/settings.json",
  ) as SettingsTree;
  const { tree, unknown } = withKnownTypes(served);
  const problems = validateSettingsTree(tree);
  if (problems.length > 0) throw new Error(`settings catalogue: ${problems.slice(0, 5).join("; ")}`);
  unknownSettings = unknown;
  loaded = settingsSchema(tree);
  return loaded;
}

/** The catalogue's settings left out for an unknown type (spec 000 §5: only logged). */
export function catalogueUnknownSettings(): UnknownSetting[] {
  catalogueSchema();
  return unknownSettings;
}

/**
 * A refused value as a coded message: `settingRule.<rule>` with the setting's catalogue title (`settingTitle.<key>`)
 * and the rule's parameters, which the gateway renders in the interface language (Chinese by default) from the
 * language service's message catalogues; `details` carry the same for clients that word it themselves.
 */
export function refusedSetting(refusal: SettingRefusal): DomainError {
  const title = refusal.titleKey ? ref(`settingTitle.${refusal.titleKey}`) : refusal.title.zh;
  return new DomainError("INVALID_ARGUMENT", message(`settingRule.${refusal.rule}`, { ...refusal.params, title }), {
    details: {
      field: refusal.key,
      rule: refusal.rule,
      params: refusal.params,
      title: refusal.title,
      desc: refusal.desc,
    },
  });
}

/** A refusal of a whole field (bookConfig, plugin, downloadconfig, content) rather than one setting. */
function fieldRefusal(field: string, rule: SettingRefusal["rule"], params: SettingRefusal["params"] = {}) {
  const title = { zh: field, en: field };
  return refusedSetting({ key: field, rule, params, titleKey: field, title, desc: title, problem: rule });
}

/**
 * A settings JSON text: nesting bounded before anything recurses over it ('a 10,000-deep document'), broken JSON
 * answers spec 000 §5's 'Invalid JSON string'.
 */
export function parseSettingsJson(text: string, field: string, maxDepth = settingsJsonDepth): unknown {
  const parsed = parseBoundedJson(text, { maxDepth, maxLength: Number.MAX_SAFE_INTEGER });
  if (parsed.ok) return parsed.value;
  if (parsed.reason === "tooDeep") throw fieldRefusal(field, "tooDeep", { max: maxDepth });
  throw new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field } });
}

/** Every htmlConfig value of a change checked against the catalogue; the values to store (texts normalised). */
export function validSettings(changes: Record<string, unknown>, skip: ReadonlySet<string>): Record<string, unknown> {
  const checked = checkSettings(catalogueSchema(), changes, skip);
  if (!checked.ok) throw refusedSetting(checked.refusal);
  return checked.values;
}

/** Schemes that run code or embed content wherever a string may end up as a link or inside HTML. */
const scriptSchemes = /(?:java|vb|live)script\s*:/i;
const embeddingSchemes = /^\s*(?:data|file|blob|filesystem)\s*:/i;

/**
 * Free-form JSON (plug-ins, custom config and content, saved themes): no string may carry a script scheme anywhere
 * or start with an embedding one; top-level keys the catalogue knows must hold values valid for them.
 */
export function checkFreeJson(value: unknown, field: string, { settingKeys }: { settingKeys: boolean }): void {
  for (const { path, text } of stringsIn(value)) {
    const squeezed = normaliseText(text).replace(/\s+/g, "");
    if (scriptSchemes.test(squeezed) || embeddingSchemes.test(squeezed)) {
      throw fieldRefusal(field, "link", { path });
    }
  }
  if (!settingKeys || value === null || typeof value !== "object" || Array.isArray(value)) return;
  const schema = catalogueSchema();
  for (const [key, setting] of Object.entries(value as Record<string, unknown>)) {
    if (!schema.index.has(key)) continue;
    const checked = checkSetting(schema, key, setting);
    if (!checked.ok) throw refusedSetting(checked.refusal);
  }
}

/** A link the service stores (download URLs, plug-in sources): http(s), mailto or the book's own paths. */
export function checkLink(value: string, field: string): string {
  const link = value.trim();
  if (!isSafeContentLink(link)) throw fieldRefusal(field, "link");
  return link;
}
