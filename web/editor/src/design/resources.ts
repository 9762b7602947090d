import type {
  BackgroundsFile,
  BrandDefaultFile,
  BrandKind,
  BusinessCardsFile,
  PresetEntry,
  SettingValues,
  TemplatesFile,
} from "@turnleaf/resource-files";
import { brandKinds } from "@turnleaf/resource-files";
import { getJson } from "../api.js";

/**
 * The design resources spec 000 §7 has the editor GET besides the settings tree, templates, themes and scenes: the
 * phone templates, the background library, the brand defaults and the business-card styles. Each that does not
 * load is empty: the panels built on it show nothing rather than failing the editor.
 */
export interface DesignResources {
  mobileTemplates: TemplatesFile;
  backgrounds: BackgroundsFile;
  brandDefault: BrandDefaultFile | null;
  businessCards: BusinessCardsFile | null;
}

const none = { version: 1, defaultId: "", items: [] };

export async function loadDesignResources(): Promise<DesignResources> {
  const optional = <T>(path: string) => getJson<T>(path).catch(() => undefined);
  const [mobileTemplates, backgrounds, brandDefault, businessCards] = await Promise.all([
    optional<TemplatesFile>("/resourceFiles/mobile/templates/templates.json"),
    optional<BackgroundsFile>("/resourceFiles/mobile/backgrounds/backgrounds.json"),
    optional<BrandDefaultFile>("/resourceFiles/brand/brandDefault.json"),
    optional<BusinessCardsFile>("/resourceFiles/businessCards/businessCards.json"),
  ]);
  return {
    mobileTemplates: mobileTemplates ?? none,
    backgrounds: backgrounds ?? none,
    brandDefault: brandDefault ?? null,
    businessCards: businessCards ?? null,
  };
}

/**
 * Which design a book uses, recorded in its settings beside the values the design brought (spec 000 §3 ready
 * config: the template, theme and scene of a book): `designTemplate`, `designTheme`, `designScene`,
 * `designMobileTemplate`, `designBackground`.
 */
export const designRecordKeys = {
  template: "designTemplate",
  theme: "designTheme",
  scene: "designScene",
  mobileTemplate: "designMobileTemplate",
  background: "designBackground",
} as const;

export type DesignKind = keyof typeof designRecordKeys;

/** A design's values with the record of which design it is; a template records its theme too. */
export function recordedDesign(kind: DesignKind, entry: PresetEntry, values: SettingValues): SettingValues {
  const recorded: SettingValues = { ...values, [designRecordKeys[kind]]: entry.id };
  const themeId = (entry as { themeId?: unknown }).themeId;
  if ((kind === "template" || kind === "mobileTemplate") && typeof themeId === "string" && themeId) {
    recorded[designRecordKeys.theme] = themeId;
  }
  return recorded;
}

/** The design a book records, by kind (undefined when none is recorded). */
export function recordedDesignOf(kind: DesignKind, values: Record<string, unknown>): string | undefined {
  const id = values[designRecordKeys[kind]];
  return typeof id === "string" && id ? id : undefined;
}

/** The brand kinds of spec 001 in the order the editor lists them. */
export const brandKindsInOrder: BrandKind[] = [...brandKinds];
