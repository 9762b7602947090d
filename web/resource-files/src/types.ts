/**
 * The shapes of the resource files under /resourceFiles/ (spec 000 §3 "Settings tree", §7 "GET resource files").
 * Every text a person reads is bilingual: Chinese is the default (spec 000 §1), English is always there too.
 */

export type Lang = "zh" | "en";

export interface LocalizedText {
  zh: string;
  en: string;
}

/** Node types of spec 000 §3: leaf settings, `composite` (children shown together) and `form` (one object value). */
export type SettingType = "number" | "color" | "text" | "list" | "file" | "bool" | "composite" | "form";
export type LeafSettingType = Exclude<SettingType, "composite" | "form">;

export type ScalarValue = string | number | boolean;
export type SettingValue = ScalarValue | ScalarValue[] | { [field: string]: ScalarValue | ScalarValue[] };

/** A visibility condition: the node shows only when the trigger key's value is one of `values`. */
export interface RelatedCondition {
  key: string;
  values: ScalarValue[];
}

export interface SettingOption {
  value: string | number;
  label: LocalizedText;
  /** Share channels (spec 000 §3): the region they serve, 0 China, 1 global, 2 all (compare socialShareType). */
  region?: 0 | 1 | 2;
}

interface NodeBase {
  /** The htmlConfig key (leaf and form nodes); a composite's key only names the group and is never stored. */
  key: string;
  title: LocalizedText;
  desc: LocalizedText;
  /** false: kept in the catalogue (the reader understands it) but edited elsewhere than the settings tree. */
  visible: boolean;
  /** Whether the node shows with every setting at its default (its related conditions); the editor recomputes it. */
  isShow: boolean;
  /** Shown but not editable (e.g. a fixed size). */
  disabled: boolean;
  /** Other htmlConfig keys the reader accepts for the same setting (older names); editors write `key`. */
  aliases?: string[];
  config?: { related?: RelatedCondition[] };
}

export interface NumberNode extends NodeBase {
  type: "number";
  defaultValue: number;
  value: number;
  min: number;
  max: number;
  step: number;
  unit?: string;
  /** Values within min..max that mean nothing (a loop count of 0: -1 is for ever, N > 0 N times). */
  exclude?: number[];
}

export interface ColorNode extends NodeBase {
  type: "color";
  defaultValue: string;
  value: string;
}

export interface TextNode extends NodeBase {
  type: "text";
  defaultValue: string;
  value: string;
  maxLength: number;
  multiline?: boolean;
  /** A regular expression a non-empty value must match (whole value). */
  pattern?: string;
}

export interface ListNode extends NodeBase {
  type: "list";
  options: SettingOption[];
  /** Several options at once: the value is an array of option values. */
  multiple?: boolean;
  defaultValue: string | number | (string | number)[];
  value: string | number | (string | number)[];
}

export interface FileNode extends NodeBase {
  type: "file";
  /** A URL or path, "" for none. */
  defaultValue: string;
  value: string;
  /** Accepted extensions without the dot (a subset of spec 000 §5's list). */
  accept: string[];
  /** Bytes; spec 000 §9's default is 10485760. */
  maxSize: number;
}

export interface BoolNode extends NodeBase {
  type: "bool";
  defaultValue: boolean;
  value: boolean;
}

export type LeafNode = NumberNode | ColorNode | TextNode | ListNode | FileNode | BoolNode;

export interface CompositeNode extends NodeBase {
  type: "composite";
  children: SettingNode[];
}

/** One htmlConfig key whose value is an object; `fields` describe its properties (their keys are property names). */
export interface FormNode extends NodeBase {
  type: "form";
  fields: LeafNode[];
  defaultValue: Record<string, ScalarValue | ScalarValue[]>;
  value: Record<string, ScalarValue | ScalarValue[]>;
}

export type SettingNode = LeafNode | CompositeNode | FormNode;
/** A node that holds an htmlConfig value. */
export type ValueNode = LeafNode | FormNode;

/** Editor tabs a group shows in (spec 000 §2: basic, design → setup, config). */
export type SettingTab = "basic" | "setup" | "config";

export interface SettingGroup {
  id: string;
  tab: SettingTab;
  title: LocalizedText;
  desc: LocalizedText;
  children: SettingNode[];
}

export interface SettingsTree {
  version: number;
  groups: SettingGroup[];
}

/** htmlConfig values a template, theme, scene or background applies. */
export type SettingValues = Record<string, SettingValue>;

export interface PresetEntry {
  id: string;
  name: LocalizedText;
  /** What the voice assistant says for it (spec 001 §3: lists with spoken-title texts). */
  spokenTitle: LocalizedText;
  /** A path under /resourceFiles/ of a preview image. */
  preview: string;
  settings: SettingValues;
}

export interface TemplateEntry extends PresetEntry {
  /** The theme applied with the template unless the user chose one. */
  themeId: string;
}

export interface PresetFile<Entry extends PresetEntry = PresetEntry> {
  version: number;
  /** The entry a new book gets (spec 000 §3 ready config defaultTem). */
  defaultId: string;
  items: Entry[];
}

export type TemplatesFile = PresetFile<TemplateEntry>;
export type ThemesFile = PresetFile;
export type ScenesFile = PresetFile;

export interface BackgroundEntry extends PresetEntry {
  /** The image (a path under /resourceFiles/) set as backGroundImgURL. */
  image: string;
}

export type BackgroundsFile = PresetFile<BackgroundEntry>;

/** Spec 001 §7 brand kinds. */
export type BrandKind = "loadingBrand" | "toolBarBrand" | "relatedBrand";

export interface Brand {
  title: LocalizedText;
  /** A path under /resourceFiles/ or a URL; "" for none. */
  logo: string;
  desc: LocalizedText;
  link: string;
}

export interface BrandDefaultFile {
  version: number;
  brands: Record<BrandKind, Brand>;
}

export interface BrandKindConfig {
  kind: BrandKind;
  name: LocalizedText;
  desc: LocalizedText;
  /** Which fields of a brand this kind shows. */
  fields: ("title" | "logo" | "desc" | "link")[];
}

export interface BrandConfigFile {
  version: number;
  kinds: BrandKindConfig[];
  /** Spec 000 §5/§9: logo limits. */
  logo: {
    accept: string[];
    maxWidth: number;
    maxHeight: number;
    recommendedWidth: number;
    recommendedHeight: number;
    /** A logo counts only when wider than this many pixels. */
    minWidthExclusive: number;
  };
  titleMaxLength: number;
  descMaxLength: number;
}

export type CardFieldName = "name" | "jobTitle" | "company" | "phone" | "email" | "address" | "website" | "avatar";

export interface BusinessCardStyle {
  id: string;
  name: LocalizedText;
  preview: string;
  /** The card's fields in display order. */
  fields: CardFieldName[];
  colors: { background: string; text: string; accent: string };
  layout: "left" | "center" | "split";
}

export interface BusinessCardsFile {
  version: number;
  defaultId: string;
  /** Labels of the card fields. */
  fieldLabels: Record<CardFieldName, LocalizedText>;
  items: BusinessCardStyle[];
}

export type ResourceKind =
  | "settings"
  | "templates"
  | "mobileTemplates"
  | "themes"
  | "scenes"
  | "backgrounds"
  | "brandDefault"
  | "brandConfig"
  | "businessCards";

/** /resourceFiles/index.json: every data file with its kind (previews and images are named by the files). */
export interface ResourceIndexFile {
  version: number;
  files: { kind: ResourceKind; path: string }[];
}

/** A field of a book's lead form: what the owner's editor edits and the reader's form asks. */
export interface LeadField {
  key: string;
  label: string;
  kind: "name" | "email" | "phone" | "text";
  required: boolean;
}

/** A book's lead form as the insight service stores it and the editor and the reader both read it. */
export interface LeadForm {
  enabled: boolean;
  beforePage: number;
  skippable: boolean;
  title: string;
  consentText: string;
  fields: LeadField[];
}

/** A PDF link of book.json (`pages[].links`), with its id ("pdf-<page>-<index>") the editor edits as a media item. */
export interface PageLink {
  id?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  url?: string;
  page?: number;
}
