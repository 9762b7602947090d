import { defaultFileMaxSize } from "../settings.js";
import type {
  BoolNode,
  ColorNode,
  CompositeNode,
  FileNode,
  FormNode,
  LeafNode,
  ListNode,
  LocalizedText,
  NumberNode,
  RelatedCondition,
  SettingNode,
  TextNode,
} from "../types.js";

/** Builders for the catalogue source: every node starts visible, shown, enabled, its value at its default. */

export const t = (zh: string, en: string): LocalizedText => ({ zh, en });

export interface Extra {
  related?: RelatedCondition[];
  aliases?: string[];
  visible?: boolean;
  disabled?: boolean;
}

function base(key: string, title: LocalizedText, desc: LocalizedText, extra: Extra) {
  return {
    key,
    title,
    desc,
    visible: extra.visible ?? true,
    // The generator sets isShow from the related conditions under the defaults.
    isShow: true,
    disabled: extra.disabled ?? false,
    ...(extra.aliases ? { aliases: extra.aliases } : {}),
    ...(extra.related ? { config: { related: extra.related } } : {}),
  };
}

/** A condition "shown when the bool `key` is on". */
export const when = (key: string, ...values: (string | number | boolean)[]): RelatedCondition => ({
  key,
  values: values.length > 0 ? values : [true],
});

export function bool(key: string, title: LocalizedText, desc: LocalizedText, value: boolean, extra: Extra = {}) {
  return { ...base(key, title, desc, extra), type: "bool", defaultValue: value, value } satisfies BoolNode;
}

export function color(key: string, title: LocalizedText, desc: LocalizedText, value: string, extra: Extra = {}) {
  return { ...base(key, title, desc, extra), type: "color", defaultValue: value, value } satisfies ColorNode;
}

export function num(
  key: string,
  title: LocalizedText,
  desc: LocalizedText,
  value: number,
  range: { min: number; max: number; step: number; unit?: string; exclude?: number[] },
  extra: Extra = {},
) {
  return {
    ...base(key, title, desc, extra),
    type: "number",
    defaultValue: value,
    value,
    ...range,
  } satisfies NumberNode;
}

export function text(
  key: string,
  title: LocalizedText,
  desc: LocalizedText,
  value: string,
  shape: { maxLength: number; multiline?: boolean; pattern?: string },
  extra: Extra = {},
) {
  return { ...base(key, title, desc, extra), type: "text", defaultValue: value, value, ...shape } satisfies TextNode;
}

export function list(
  key: string,
  title: LocalizedText,
  desc: LocalizedText,
  value: ListNode["defaultValue"],
  options: [string | number, LocalizedText, (0 | 1 | 2)?][],
  extra: Extra & { multiple?: boolean } = {},
) {
  return {
    ...base(key, title, desc, extra),
    type: "list",
    ...(extra.multiple ? { multiple: true } : {}),
    options: options.map(([optionValue, label, region]) => ({
      value: optionValue,
      label,
      ...(region === undefined ? {} : { region }),
    })),
    defaultValue: value,
    value,
  } satisfies ListNode;
}

export const imageTypes = ["jpg", "png", "gif"];
export const videoTypes = ["mp4", "webm"];
export const audioTypes = ["mp3", "ogg", "wav", "m4a", "acc", "flac"];

export function file(
  key: string,
  title: LocalizedText,
  desc: LocalizedText,
  accept: string[],
  extra: Extra & { maxSize?: number } = {},
) {
  return {
    ...base(key, title, desc, extra),
    type: "file",
    defaultValue: "",
    value: "",
    accept,
    maxSize: extra.maxSize ?? defaultFileMaxSize,
  } satisfies FileNode;
}

export function composite(
  key: string,
  title: LocalizedText,
  desc: LocalizedText,
  children: SettingNode[],
  extra: Extra = {},
) {
  return { ...base(key, title, desc, extra), type: "composite", children } satisfies CompositeNode;
}

export function form(key: string, title: LocalizedText, desc: LocalizedText, fields: LeafNode[], extra: Extra = {}) {
  const value = Object.fromEntries(fields.map((field) => [field.key, field.defaultValue]));
  return { ...base(key, title, desc, extra), type: "form", fields, defaultValue: value, value } satisfies FormNode;
}
