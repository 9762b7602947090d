import {
  type BrandConfigFile,
  isNodeVisible,
  type Lang,
  type PresetEntry,
  type PresetFile,
  type SettingGroup,
  type SettingNode,
  type SettingsTree,
  type SettingTab,
  type SettingValues,
  searchSettings,
  settingDefaults,
  type TemplateEntry,
  type ValueNode,
  withKnownTypes,
} from "@turnleaf/resource-files";
import { getJson } from "../api.js";
import { log } from "../log.js";
import { catalogueForChecks } from "../setting-check.js";
import type { ImageLimits } from "./file-limits.js";

/**
 * The resource files the editor reads (spec 000 §7: the editor GETs them): the settings tree, templates, themes
 * and scenes, and the brand configuration's logo limits. The tree's logic (visibility, search, defaults) is the
 * @turnleaf/resource-files package's; this module only picks what a tab shows.
 */
export interface Catalogue {
  tree: SettingsTree;
  defaults: SettingValues;
  templates: PresetFile<TemplateEntry>;
  themes: PresetFile;
  scenes: PresetFile;
  logo?: BrandConfigFile["logo"];
}

const emptyPresets = { version: 1, defaultId: "", items: [] };

export async function loadCatalogue(): Promise<Catalogue> {
  const [tree, templates, themes, scenes, brandConfig] = await Promise.all([
    getJson<SettingsTree>("/resourceFiles/settings/settings.json"),
    getJson<PresetFile<TemplateEntry>>("/resourceFiles/templates/templates.json"),
    getJson<PresetFile>("/resourceFiles/themes/themesConfig.json"),
    getJson<PresetFile>("/resourceFiles/scenes/scenes.json"),
    getJson<BrandConfigFile>("/resourceFiles/brand/brandConfig.json"),
  ]);
  const served = withKnownTypes(tree ?? { version: 1, groups: [] });
  // Spec 000 §5: a setting whose parser (type) this editor does not know is only logged, and left out.
  for (const setting of served.unknown) log.warn(`unknown setting parser "${setting.type}" of ${setting.key}`);
  const settings = served.tree;
  catalogueForChecks(settings);
  return {
    tree: settings,
    defaults: settingDefaults(settings),
    templates: templates ?? emptyPresets,
    themes: themes ?? emptyPresets,
    scenes: scenes ?? emptyPresets,
    logo: brandConfig?.logo,
  };
}

/** The groups of an editor tab, in the file's order. */
export const groupsOf = (tree: SettingsTree, tab: SettingTab): SettingGroup[] =>
  tree.groups.filter((group) => group.tab === tab);

/** Whether a node shows with the book's values (the package's rules: visible, related conditions, composites). */
export const shows = (tree: SettingsTree, node: SettingNode, values: SettingValues): boolean =>
  isNodeVisible(tree, node.key, values);

/**
 * A search in one tab: the value nodes whose title or description contains the text (the package's search, in
 * the interface's language, case-insensitively) that show with the book's values.
 */
export function searchTab(
  tree: SettingsTree,
  tab: SettingTab,
  query: string,
  lang: Lang,
  values: SettingValues,
): ValueNode[] {
  const inTab = { ...tree, groups: groupsOf(tree, tab) };
  return searchSettings(inTab, query, lang).filter((node) => isNodeVisible(tree, node.key, values));
}

/** Image limits of a file setting (spec 000 §5): the logo's pixel limits from the brand configuration, else 5 MB. */
/**
 * The rules a logo uploader shows (issue #35: four uploaders once gave four sizes): the brand configuration's limits
 * everywhere, and the recommended size the setting's own description names — the toolbar icon 34×34, the large
 * logo 55 px high — or the configuration's for the other logos (book, about, brand).
 */
export function logoRulesFor(key: string, logo: Catalogue["logo"]): Catalogue["logo"] {
  if (!logo) return logo;
  if (/^appLogoIcon$/i.test(key)) return { ...logo, recommendedWidth: 34, recommendedHeight: 34 };
  if (/^appLargeLogoURL$/i.test(key)) return { ...logo, recommendedWidth: 220, recommendedHeight: 55 };
  return logo;
}

export function imageLimitsFor(key: string, logo: Catalogue["logo"]): ImageLimits {
  if (logo && /logo/i.test(key)) return { limitWidth: logo.maxWidth, limitHeight: logo.maxHeight };
  return {};
}

/** The book's value of a setting, its default when unset (an alias the reader also reads counts). */
export function settingValueOf(node: ValueNode, values: Record<string, unknown>): unknown {
  if (node.key in values) return values[node.key];
  for (const alias of node.aliases ?? []) if (alias in values) return values[alias];
  return node.defaultValue;
}

export type PresetKind = "template" | "theme" | "scene";

const darkWords = ["dark", "night", "深色", "暗色", "黑色", "夜间"];
const lightWords = ["light", "bright", "浅色", "亮色", "白色"];

function luminance(colour: unknown): number | undefined {
  const hex = /^#([0-9a-f]{6})/i.exec(String(colour ?? ""))?.[1];
  if (!hex) return undefined;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/**
 * The preset a name means: its id, name or spoken title in either language, case-insensitively; "dark" or "light"
 * (and their Chinese words) pick the entry with the darkest or lightest background.
 */
export function findPreset<Entry extends PresetEntry>(items: Entry[], name: string): Entry | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  const texts = (entry: Entry) =>
    [entry.id, entry.name.zh, entry.name.en, entry.spokenTitle.zh, entry.spokenTitle.en].map((text) =>
      text.toLowerCase(),
    );
  const exact = items.find((entry) => texts(entry).includes(wanted));
  if (exact) return exact;
  const dark = darkWords.includes(wanted);
  if (dark || lightWords.includes(wanted)) {
    const lit = items
      .map((entry) => ({ entry, light: luminance(entry.settings.bgColor) }))
      .filter((candidate): candidate is { entry: Entry; light: number } => candidate.light !== undefined)
      .sort((a, b) => a.light - b.light);
    return (dark ? lit[0] : lit.at(-1))?.entry;
  }
  return items.find((entry) => texts(entry).some((text) => text.includes(wanted)));
}

/** The values a preset applies: a template brings its theme's values under its own. */
export function presetValues(kind: PresetKind, entry: PresetEntry, themes: PresetEntry[]): SettingValues {
  if (kind !== "template") return entry.settings;
  const theme = themes.find((candidate) => candidate.id === (entry as TemplateEntry).themeId);
  return { ...(theme?.settings ?? {}), ...entry.settings };
}
