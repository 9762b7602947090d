/**
 * The sources the resource files are generated from (scripts/generate.ts): the settings tree and the template and
 * theme presets, for what checks them against the served files and the reader. Exported as
 * `@turnleaf/resource-files/catalogue`.
 */

export { mobileTemplates, templates, themes } from "./presets.js";
export { settingsSource } from "./settings.js";
