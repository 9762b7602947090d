import type { Labels } from "../labels.js";
import type { Catalogue } from "../settings/catalogue.js";

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

/**
 * What the tabs holding a part of the settings tree (basic, design, config) are all given: the catalogue, the
 * document and how one of its settings changes (the labels, languages and notices come from useScreenServices).
 */
export interface SettingsTabContext {
  catalogue: Catalogue;
  doc: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
}

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
