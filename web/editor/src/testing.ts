/**
 * The editor's logic apart from its views, for the tests that check it in Node: the API client's errors and routes,
 * the save flow and its history, what the server's answers mean on screen, the settings catalogue and its file
 * limits, the interface's labels and languages, the guide, the assistant and the upload's checks. Exported as
 * `@turnleaf/editor/testing` ("source" condition only: the editor's build is a browser bundle, not modules); the
 * app never imports it.
 */

export { blockedFeatureText, presentationOf } from "./alerts/alerts.js";
export { ApiError, bookStatusOf, loginUrl, networkErrorMessage, settle } from "./api.js";
export { colourIn, parseInstruction } from "./assistant/assistant.js";
export { labelOf, labelOptions, splitBasic } from "./basic/basic-info.js";
export { parseAbout, serializeAbout } from "./config/about-info.js";
export { isReadOnly, lockSessionId, tabSessionId } from "./editor/editing-lock.js";
export { changes, current, isFirst, isLast, record, redo, startHistory, undo } from "./editor/history.js";
export { devicesFor, hintKey, takeHint } from "./editor/preview-hints.js";
export { absolutePaths, createSaveFlow, type SaveState } from "./editor/save-flow.js";
export { gateError, gateRefusal, renderCoded, serverChanges, storedValues } from "./editor/server-truth.js";
export { exposeWindowApi, windowApi, windowApiNames } from "./editor/window-api.js";
export { escapeSetsCloseFrame, guideStepLabel, guideSteps } from "./guide/guide.js";
export { labelsFor } from "./labels.js";
export { type BookLanguage, choiceOf, type LanguageChoice, languagesOf } from "./language-choice.js";
export { interfaceLanguages, languageOf } from "./languages.js";
export { chunkLoadTimeoutMs, chunkPolicy, untilImported, untilReached } from "./retry.js";
export { saveAtRevision } from "./revision-save.js";
export { pageTitle, queryOf, routeOf } from "./route.js";
export {
  assertValidChange,
  catalogueForChecks,
  changeRefusal,
  localisedRefusal,
  refusalOf,
} from "./setting-check.js";
export {
  findPreset,
  groupsOf,
  imageLimitsFor,
  presetValues,
  searchTab,
  settingValueOf,
  shows,
} from "./settings/catalogue.js";
export {
  checkAttachment,
  checkImage,
  checkSettingFile,
  fileSettingMaxBytes,
  megabyte,
  scaleToFit,
} from "./settings/file-limits.js";
export { forwardOnly } from "./upload/conversion-watch.js";
export { isPageRange, isUnpaidWarning, titleOfFile } from "./upload/upload-engine.js";
