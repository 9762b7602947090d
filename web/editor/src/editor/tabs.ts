import type { Labels } from "../labels.js";

/** The left rail's tabs. */
export type Tab =
  | "assistant"
  | "basic"
  | "design"
  | "contents"
  | "bookmarks"
  | "language"
  | "config"
  | "password"
  | "media"
  | "pages";

/** The design tab's sub-tabs. */
export type DesignSubTab = "template" | "theme" | "scene" | "setup";

/** Each tab: its name, its label and the onboarding guide's name for it (`data-guide`). */
export const railTabs = (labels: Labels): [Tab, string, string][] => [
  ["assistant", labels.tabAssistant, "assistant"],
  ["basic", labels.tabBasic, "basic"],
  ["design", labels.tabDesign, "functions"],
  ["contents", labels.tabContents, "catalog"],
  ["bookmarks", labels.tabBookmarks, "bookmark"],
  ["language", labels.tabLanguage, "languages"],
  ["config", labels.tabConfig, "config"],
  ["password", labels.tabPassword, "password"],
  ["media", labels.tabMedia, "mediaItems"],
  ["pages", labels.tabPages, "pages"],
];

export const designTabs = (labels: Labels): [DesignSubTab, string, string][] => [
  ["template", labels.designTemplate, "template"],
  ["theme", labels.designTheme, "theme"],
  ["scene", labels.designScene, "scene"],
  ["setup", labels.designSetup, "media"],
];
