// Browser-safe: the editor bundles this entry. What needs Node (the folder on disk) is in ./node.
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
