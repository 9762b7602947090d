/**
 * The settings tree (spec 000 §3 "Settings tree", DESIGN §5): descriptors rendered by one generic panel. Node
 * types color, bool, number, list, text, file; `related` conditions decide visibility; search matches title or
 * description, case-insensitively. Keys are the htmlConfig names the reader understands (web/reader preview).
 */
import type { ImageLimits } from "./file-limits.js";

export type SettingType = "color" | "bool" | "number" | "list" | "text" | "file";

export interface Text {
  zh: string;
  en: string;
}

export interface SettingNode {
  key: string;
  type: SettingType;
  title: Text;
  desc: Text;
  defaultValue: string | number | boolean;
  /** number: bounds and step. */
  min?: number;
  max?: number;
  step?: number;
  /** list: the choices. */
  options?: { value: string; label: Text }[];
  /** file: allowed extensions and size (spec 000 §5 defaults), and an image's limits for the compress flow. */
  extensions?: string[];
  maxBytes?: number;
  image?: ImageLimits;
  /** Shown only when every trigger key has one of the listed values. */
  related?: { key: string; values: unknown[] }[];
}

export const settingsTree: SettingNode[] = [
  {
    key: "bgColor",
    type: "color",
    title: { zh: "背景颜色", en: "Background colour" },
    desc: { zh: "阅读器背后的颜色", en: "The colour behind the book" },
    defaultValue: "#3a3f47",
  },
  {
    key: "toolbarColor",
    type: "color",
    title: { zh: "工具栏颜色", en: "Toolbar colour" },
    desc: { zh: "底部工具栏的颜色", en: "The colour of the toolbar" },
    defaultValue: "#20242b",
  },
  {
    key: "flipDirection",
    type: "list",
    title: { zh: "翻页方向", en: "Flip direction" },
    desc: { zh: "从左到右、从右到左或上下翻页（台历）", en: "Left to right, right to left or vertical (calendar)" },
    defaultValue: "ltr",
    options: [
      { value: "ltr", label: { zh: "从左到右", en: "Left to right" } },
      { value: "rtl", label: { zh: "从右到左", en: "Right to left" } },
      { value: "vertical", label: { zh: "上下翻页", en: "Vertical" } },
    ],
  },
  {
    key: "flippingTime",
    type: "number",
    title: { zh: "翻页时间（秒）", en: "Flip time (seconds)" },
    desc: { zh: "一次翻页动画的时长", en: "How long one page turn takes" },
    defaultValue: 0.3,
    min: 0.1,
    max: 3,
    step: 0.1,
  },
  {
    key: "hardCover",
    type: "bool",
    title: { zh: "硬封面", en: "Hard cover" },
    desc: { zh: "封面和封底不弯曲", en: "The covers turn without bending" },
    defaultValue: true,
  },
  {
    key: "pageMode",
    type: "list",
    title: { zh: "页面模式", en: "Page mode" },
    desc: { zh: "单页、双页或自动", en: "Single pages, spreads or automatic" },
    defaultValue: "auto",
    options: [
      { value: "auto", label: { zh: "自动", en: "Automatic" } },
      { value: "single", label: { zh: "单页", en: "Single" } },
      { value: "double", label: { zh: "双页", en: "Double" } },
    ],
  },
  {
    key: "flipSound",
    type: "bool",
    title: { zh: "翻页声音", en: "Flip sound" },
    desc: { zh: "每次翻页时播放声音", en: "A rustle on each page turn" },
    defaultValue: true,
  },
  {
    key: "autoFlip",
    type: "bool",
    title: { zh: "自动翻页", en: "Auto flip" },
    desc: { zh: "按间隔自动翻页", en: "Turn pages by themselves" },
    defaultValue: false,
  },
  {
    key: "autoFlipIntervalSeconds",
    type: "number",
    title: { zh: "自动翻页间隔（秒）", en: "Auto flip interval (seconds)" },
    desc: { zh: "两次自动翻页之间的秒数", en: "Seconds between automatic turns" },
    defaultValue: 3,
    min: 1,
    max: 60,
    step: 1,
    related: [{ key: "autoFlip", values: [true, "true", "Yes", "yes", "Show", "show"] }],
  },
  {
    key: "searchMinLength",
    type: "number",
    title: { zh: "搜索最少字符", en: "Search minimum" },
    desc: { zh: "开始搜索所需的最少字符数", en: "Characters needed before a search starts" },
    defaultValue: 2,
    min: 1,
    max: 10,
    step: 1,
  },
  {
    key: "magnifier",
    type: "bool",
    title: { zh: "放大镜", en: "Magnifier" },
    desc: { zh: "工具栏中的放大镜按钮", en: "A magnifier button in the toolbar" },
    defaultValue: true,
  },
  {
    key: "print",
    type: "bool",
    title: { zh: "打印", en: "Print" },
    desc: { zh: "允许读者打印", en: "Let readers print the book" },
    defaultValue: false,
  },
  {
    key: "printWatermark",
    type: "text",
    title: { zh: "打印水印", en: "Print watermark" },
    desc: { zh: "打印时每页上的文字", en: "Text printed across each page" },
    defaultValue: "",
    related: [{ key: "print", values: [true, "true", "Yes", "yes", "Show", "show"] }],
  },
  {
    key: "backgroundMusic",
    type: "file",
    title: { zh: "背景音乐", en: "Background music" },
    desc: { zh: "翻书时播放的音乐（mp3、ogg、wav、m4a）", en: "Music while reading (mp3, ogg, wav, m4a)" },
    defaultValue: "",
    extensions: ["mp3", "ogg", "wav", "m4a", "acc", "flac"],
  },
  {
    key: "backGroundImgURL",
    type: "file",
    title: { zh: "背景图片", en: "Background image" },
    desc: {
      zh: "阅读器背后的图片（最大 1920*1080 像素、5 MB）",
      en: "A picture behind the book (up to 1920*1080 px, 5 MB)",
    },
    defaultValue: "",
    extensions: ["jpg", "png", "gif"],
    image: { limitWidth: 1920, limitHeight: 1080, maxMb: 5 },
  },
  {
    key: "DownloadButtonVisible",
    type: "bool",
    title: { zh: "下载按钮", en: "Download button" },
    desc: { zh: "读者可下载这本书", en: "Let readers download the book" },
    defaultValue: false,
  },
];

export const settingDefaults: Record<string, unknown> = Object.fromEntries(
  settingsTree.map((node) => [node.key, node.defaultValue]),
);

/** A setting's value in a document, its default when unset. */
export function settingValue(node: SettingNode, doc: Record<string, unknown>): unknown {
  return node.key in doc ? doc[node.key] : node.defaultValue;
}

/** Spec 000 §5: visibility follows related conditions on trigger keys. */
export function isVisible(node: SettingNode, doc: Record<string, unknown>): boolean {
  return (node.related ?? []).every((condition) => {
    const trigger = settingsTree.find((candidate) => candidate.key === condition.key);
    const value = trigger ? settingValue(trigger, doc) : doc[condition.key];
    return condition.values.includes(value);
  });
}

/** Spec 000 §5: search by title or description (either language), case-insensitively. */
export function searchSettings(nodes: SettingNode[], query: string): SettingNode[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return nodes;
  return nodes.filter((node) =>
    [node.title.zh, node.title.en, node.desc.zh, node.desc.en].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** Spec 000 §5 boolean parsing: yes, show, true mean true. */
export function asBoolean(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  return ["yes", "show", "true"].includes(String(value).trim().toLowerCase());
}
