import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isNodeVisible, settingDefaults, walkSettings } from "../settings.js";
import type { ResourceIndexFile, ResourceKind, SettingsTree } from "../types.js";
import { validateResourceFile } from "../validate.js";
import { cardPreview, gradientPng, logoSvg, scenePreview, templatePreview, themePreview } from "./images.js";
import {
  backgroundGradients,
  backgrounds,
  brandConfig,
  brandDefault,
  businessCards,
  mobileTemplates,
  scenes,
  templates,
  themes,
} from "./presets.js";
import { settingsSource } from "./settings.js";

/** Where each data file lives under /resourceFiles/ (the URL path after the prefix). */
export const resourcePaths: Record<ResourceKind, string> = {
  settings: "settings/settings.json",
  templates: "templates/templates.json",
  mobileTemplates: "mobile/templates/templates.json",
  themes: "themes/themesConfig.json",
  scenes: "scenes/scenes.json",
  backgrounds: "mobile/backgrounds/backgrounds.json",
  brandDefault: "brand/brandDefault.json",
  brandConfig: "brand/brandConfig.json",
  businessCards: "businessCards/businessCards.json",
};

export const resourceIndexPath = "index.json";

/** The precompressed copies the gateway serves for a JSON file when the client accepts them. */
export function compressedSiblings(path: string): string[] {
  return [`${path}.br`, `${path}.gz`];
}

export function compressedCopy(sibling: string, bytes: Uint8Array): Buffer {
  return sibling.endsWith(".br")
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    : gzipSync(bytes, { level: 9 });
}

/** The tree with each node's isShow set from its related conditions under the defaults. */
function withIsShow(source: SettingsTree): SettingsTree {
  const tree = structuredClone(source);
  const defaults = settingDefaults(tree);
  for (const { node } of walkSettings(tree)) node.isShow = isNodeVisible(tree, node.key, defaults);
  return tree;
}

/**
 * Every file of the resourceFiles folder: JSON documents as values, pictures as their bytes or text. Throws when a
 * data file would not pass its validator, so an invalid catalogue is never written.
 */
export function renderResourceFiles(): { data: Map<string, unknown>; assets: Map<string, string | Buffer> } {
  const tree = withIsShow(settingsSource);
  const documents: Record<ResourceKind, unknown> = {
    settings: tree,
    templates,
    mobileTemplates,
    themes,
    scenes,
    backgrounds,
    brandDefault,
    brandConfig,
    businessCards,
  };
  const problems = Object.entries(documents).flatMap(([kind, document]) =>
    validateResourceFile(kind as ResourceKind, document, tree).map((problem) => `${kind}: ${problem}`),
  );
  if (problems.length > 0) throw new Error(`the catalogue is invalid:\n${problems.join("\n")}`);

  const data = new Map<string, unknown>();
  const index: ResourceIndexFile = {
    version: 1,
    files: Object.entries(resourcePaths).map(([kind, path]) => ({ kind: kind as ResourceKind, path })),
  };
  data.set(resourceIndexPath, index);
  for (const [kind, path] of Object.entries(resourcePaths)) data.set(path, documents[kind as ResourceKind]);

  const assets = new Map<string, string | Buffer>();
  const themeValues = (id: string) => themes.items.find((theme) => theme.id === id)?.settings ?? {};
  for (const template of templates.items)
    assets.set(template.preview, templatePreview(template, themeValues(template.themeId), false));
  for (const template of mobileTemplates.items)
    assets.set(template.preview, templatePreview(template, themeValues(template.themeId), true));
  for (const theme of themes.items) assets.set(theme.preview, themePreview(theme.name.en, theme.settings));
  for (const scene of scenes.items)
    assets.set(scene.preview, scenePreview(scene.name.en, String(scene.settings.dynamicScene)));
  for (const [id, , , top, bottom] of backgroundGradients)
    assets.set(`mobile/backgrounds/images/${id}.png`, gradientPng(top, bottom));
  for (const card of businessCards.items) assets.set(card.preview, cardPreview(card));
  assets.set("brand/turnleaf-logo.svg", logoSvg());
  return { data, assets };
}
