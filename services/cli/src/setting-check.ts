/**
 * Every setting value the tool writes into a project (`project set`, `design apply`) goes through the validator the
 * book service applies to update-book (@turnleaf/resource-files checkSettings over the served settings catalogue,
 * as services/book/src/domain/setting-validation.ts loads it), and a refusal reads as the book service's: the coded
 * `settingRule.<rule>` with the setting's `settingTitle.<key>`, worded from the platform's message catalogue.
 */
import { createRequire } from "node:module";
import { message, messageText, ref } from "@turnleaf/kit/messages";
import {
  checkSettings,
  type SettingRefusal,
  type SettingsSchema,
  type SettingsTree,
  settingsSchema,
  withKnownTypes,
} from "@turnleaf/resource-files";
import { CliError } from "./errors.js";
import { platformText } from "./i18n/text.js";

let loaded: SettingsSchema | undefined;

function catalogueSchema(): SettingsSchema {
  if (!loaded) {
    const tree = createRequire(import.meta.url)(
      "@turnleaf/resource-files/resourceFiles/settings/settings.json",
    ) as SettingsTree;
    // As the book service reads it: a setting of a type no code knows is left out (its key a plain value).
    loaded = settingsSchema(withKnownTypes(tree).tree);
  }
  return loaded;
}

/** The refusal as the book service codes it (setting-validation.ts refusedSetting). */
export function refusalMessage(refusal: SettingRefusal): string {
  const title = refusal.titleKey ? ref(`settingTitle.${refusal.titleKey}`) : refusal.title.en;
  return messageText(message(`settingRule.${refusal.rule}`, { ...refusal.params, title }));
}

/** The values to keep (texts normalised as the book service stores them), or a refusal. */
export function checkProjectSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const checked = checkSettings(catalogueSchema(), settings);
  if (!checked.ok) throw new CliError(platformText(refusalMessage(checked.refusal)));
  return checked.values;
}
