/**
 * The onboarding guide (spec 000 §2): its fourteen steps in the spec's order, each pointing at a part of the
 * screen (a `data-guide` name), and what Escape does inside an embedding frame.
 */
export const guideSteps = [
  { id: "assistant", zh: "助手：用一句话修改设置", en: "Assistant: change settings with one sentence" },
  { id: "basic", zh: "基本信息：书名、描述和关键词", en: "Basic info: title, description and keywords" },
  { id: "template", zh: "选择模板", en: "Choose a template" },
  { id: "theme", zh: "选择主题", en: "Choose a theme" },
  { id: "scene", zh: "选择场景", en: "Choose a scene" },
  {
    id: "functions",
    zh: "功能设置：按需打开或关闭阅读器功能",
    en: "Function settings: turn reader features on or off",
  },
  { id: "settings", zh: "设置：替换内容和清晰度", en: "Settings: replace content and sharpness" },
  { id: "catalog", zh: "目录：编辑书的目录树", en: "Catalog: edit the book's table of contents" },
  { id: "bookmark", zh: "书签：在书边添加书签", en: "Bookmark: add tabs on the book's edge" },
  { id: "languages", zh: "多语言：选择读者可切换的语言", en: "Multi-language: the languages readers can switch to" },
  { id: "config", zh: "配置：下载和其他设置", en: "Config: downloads and other settings" },
  { id: "media", zh: "多媒体设置：背景音乐和页面音频", en: "Multimedia settings: background music and page audio" },
  { id: "flipMode", zh: "切换翻页模式", en: "Switch the flip mode" },
  {
    id: "savePreview",
    zh: "保存和预览：修改自动保存，右侧即时预览",
    en: "Save and preview: changes save themselves and show on the right",
  },
] as const;

export type GuideStepId = (typeof guideSteps)[number]["id"];

/**
 * Steps whose control lives inside a tab: the guide opens it first (the design sub-tabs; step 7's replace-content
 * section is on the config tab; step 13's flip mode is the settings tree's flip style on design › setup).
 */
export const guideStepTabs: Partial<Record<GuideStepId, { tab: "config" | "design"; designTab?: "setup" }>> = {
  template: { tab: "design" },
  theme: { tab: "design" },
  scene: { tab: "design" },
  settings: { tab: "config" },
  media: { tab: "design" },
  flipMode: { tab: "design", designTab: "setup" },
};

/** Settings tree rows a guide step points at (by setting key). */
export const guideOfSetting: Record<string, GuideStepId> = { flipStyle: "flipMode" };

export const guideSeenKey = "turnleaf.editor.guideSeen";

/**
 * Escape inside an embedding frame sets the close-frame flag, unless escape is limited (?limitEsc=1 on the
 * editor's URL). Outside a frame it does nothing.
 */
export function escapeSetsCloseFrame(inFrame: boolean, escapeLimited: boolean): boolean {
  return inFrame && !escapeLimited;
}
