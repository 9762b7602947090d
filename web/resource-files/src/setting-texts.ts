import { formatMessage } from "./message-format.js";
import type { RefusalRule, SettingRefusal } from "./setting-schema.js";
import { valueNodes } from "./settings.js";
import type { Lang, LocalizedText, SettingsTree } from "./types.js";

/**
 * The texts of a refused setting value: "<the setting's catalogue title>: <the rule>". Chinese (the default) and
 * English are here so the book service answers Chinese without a request and the editor bundles both; the language
 * service's editor catalogues (services/language/src/labels/editor/<code>.json) hold the same keys in all twelve
 * interface languages, kept equal to these two by a test (tests/book-settings/setting-texts.test.ts).
 */
export const settingRuleLabelKeys: Record<RefusalRule, string> = {
  number: "ruleNumber",
  integer: "ruleInteger",
  excluded: "ruleExcluded",
  colour: "ruleColour",
  text: "ruleText",
  format: "ruleFormat",
  option: "ruleOption",
  options: "ruleOptions",
  boolean: "ruleBoolean",
  fileKind: "ruleFileKind",
  link: "ruleLink",
  object: "ruleObject",
  unknownField: "ruleUnknownField",
  unknownSetting: "ruleUnknownSetting",
  tooDeep: "ruleTooDeep",
  tooLarge: "ruleTooLarge",
};

const zhRuleTexts = {
  settingRefused: "{title}：{rule}",
  ruleNumber: "请输入 {min} 到 {max} 之间的数字",
  ruleInteger: "请输入 {min} 到 {max} 之间的整数",
  ruleExcluded: "不能为 {value}",
  ruleColour: "请输入颜色，如 #1e90ff",
  ruleText: "最多 {maxLength} 个字符",
  ruleFormat: "格式不正确",
  ruleOption: "请从给出的选项中选择",
  ruleOptions: "请从给出的选项中选择（可多选）",
  ruleBoolean: "请选择开或关",
  ruleFileKind: "请选择以下类型的文件：{accept}",
  ruleLink: "只能使用 http(s) 网址或本书自己的文件",
  ruleObject: "设置值的结构不正确",
  ruleUnknownField: "不认识的字段 {field}",
  ruleUnknownSetting: "只能是简短的文字、数字或开关",
  ruleTooDeep: "嵌套不能超过 {max} 层",
  ruleTooLarge: "内容过大",
};

const enRuleTexts: Record<keyof typeof zhRuleTexts, string> = {
  settingRefused: "{title}: {rule}",
  ruleNumber: "enter a number from {min} to {max}",
  ruleInteger: "enter a whole number from {min} to {max}",
  ruleExcluded: "may not be {value}",
  ruleColour: "enter a colour such as #1e90ff",
  ruleText: "at most {maxLength} characters",
  ruleFormat: "the format is not valid",
  ruleOption: "choose one of the options offered",
  ruleOptions: "choose among the options offered",
  ruleBoolean: "choose on or off",
  ruleFileKind: "choose a file of type {accept}",
  ruleLink: "only http(s) addresses or the book's own files are allowed",
  ruleObject: "the value's structure is not valid",
  ruleUnknownField: "unknown field {field}",
  ruleUnknownSetting: "only a short text, a number or on/off is allowed",
  ruleTooDeep: "nested more than {max} levels",
  ruleTooLarge: "too large",
};

/** The rule texts by key, as the editor's labels spread them in (its other texts are its own). */
export const settingTexts = { zh: zhRuleTexts, en: enRuleTexts } satisfies Record<Lang, Record<string, string>>;
const textsByLang: Record<Lang, Record<string, string>> = settingTexts;

function fill(template: string, params: Record<string, string | number>, lang: Lang): string {
  return formatMessage(template, params, lang);
}

/**
 * The refusal as a person reads it. `labels` are an interface language's catalogue (the editor's, from the language
 * service); keys it lacks fall back to `lang`'s built-in texts. The setting's title is the catalogue's in `lang`.
 */
export function refusalText(refusal: SettingRefusal, lang: Lang, labels: Record<string, string> = {}): string {
  const text = (key: string) => labels[key] ?? textsByLang[lang][key] ?? textsByLang.en[key] ?? key;
  const rule = fill(text(settingRuleLabelKeys[refusal.rule]), refusal.params, lang);
  return fill(text("settingRefused"), { title: refusal.title[lang], rule }, lang);
}

/** Every setting title the message catalogues hold (`settingTitle.<key>`, form fields `<key>.<field>`). */
export function settingTitleKeys(tree: SettingsTree): { key: string; title: LocalizedText }[] {
  return valueNodes(tree).flatMap(({ node }) => [
    { key: node.key, title: node.title },
    ...(node.type === "form"
      ? node.fields.map((field) => ({ key: `${node.key}.${field.key}`, title: field.title }))
      : []),
  ]);
}
