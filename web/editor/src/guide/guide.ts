/**
 * The onboarding guide (spec 000 §2): its fourteen steps in the spec's order, each pointing at a part of the
 * screen (a `data-guide` name), and what Escape does inside an embedding frame. A step's words are labels
 * (`guideStep<Id>`), in every interface language.
 */
export const guideSteps = [
  { id: "assistant" },
  { id: "basic" },
  { id: "template" },
  { id: "theme" },
  { id: "scene" },
  { id: "functions" },
  { id: "settings" },
  { id: "catalog" },
  { id: "bookmark" },
  { id: "languages" },
  { id: "config" },
  { id: "media" },
  { id: "flipMode" },
  { id: "savePreview" },
] as const;

export type GuideStepId = (typeof guideSteps)[number]["id"];

/** The label (web/editor/src/labels.ts, the language service's editor catalogue) that says what a step shows. */
export function guideStepLabel(id: GuideStepId): `guideStep${Capitalize<GuideStepId>}` {
  return `guideStep${id.charAt(0).toUpperCase()}${id.slice(1)}` as `guideStep${Capitalize<GuideStepId>}`;
}

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
