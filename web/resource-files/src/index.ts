import { fileURLToPath } from "node:url";

/** The folder whose tree is served as /resourceFiles/ (its paths are the URL paths). */
export const resourceFilesDir = fileURLToPath(new URL("../resourceFiles/", import.meta.url));

export { resourceIndexPath, resourcePaths } from "./catalogue/render.js";
export {
  asBoolean,
  defaultFileMaxSize,
  fileExtensions,
  isNodeVisible,
  type PlacedNode,
  searchSettings,
  settingDefaults,
  settingIndex,
  settingValueProblem,
  valueNodes,
  walkSettings,
} from "./settings.js";
export type * from "./types.js";
export {
  referencedPaths,
  validateBrandConfig,
  validateBrandDefault,
  validateBusinessCards,
  validatePresetFile,
  validateResourceFile,
  validateResourceIndex,
  validateSettingsTree,
  validateSettingValues,
} from "./validate.js";
