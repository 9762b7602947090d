// Browser-safe: the editor bundles this entry. What needs Node (the folder on disk) is in ./node.

export {
  type BusinessCardField,
  type BusinessCardTexts,
  businessCardFields,
  businessCardTexts,
} from "./business-card.js";
export { type EffectiveSettings, effectiveSettings, offValue } from "./effective-settings.js";
export {
  type BookInfoChange,
  featureOfKey,
  featuresNeeded,
  gatedFeatureCodes,
  infoFeaturesNeeded,
  switchesOff,
  type UpdateBookChange,
} from "./feature-gates.js";
export type { PageAudioBook, PageAudioEntry, PageAudioPlay } from "./page-audio.js";
export { type PageMediaItem, type PageMediaKind, pageMediaKinds } from "./page-media.js";
export {
  type BoundedJson,
  defaultJsonBounds,
  hasRemovedCharacters,
  isSafeContentLink,
  isSafeLink,
  type JsonBounds,
  jsonNestingDepth,
  linkSchemes,
  normaliseText,
  parseBoundedJson,
  stringsIn,
  valueDepth,
} from "./safe-values.js";
export { brandKinds, type ServedBrand, servedBrandSettings } from "./served-brands.js";
export { colourPattern, type RuleBreak, type RuleCode, sameOption, settingRuleBreak } from "./setting-rules.js";
export {
  checkSetting,
  checkSettings,
  looseValueLength,
  type RefusalRule,
  type SettingCheck,
  type SettingRefusal,
  type SettingsSchema,
  settingsSchema,
  settingValueDepth,
} from "./setting-schema.js";
export { refusalText, settingRuleLabelKeys, settingTexts, settingTitleKeys } from "./setting-texts.js";
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
export { type UnknownSetting, withKnownTypes } from "./unknown-types.js";
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
