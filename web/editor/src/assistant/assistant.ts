/**
 * The assistant's command interpreter: short Chinese or English instructions to the editor's window methods
 * (spec 000 §7). No external service: a few patterns per command, checked in an order where the more specific
 * ones (texts, music) come before the general ones (colours, switches).
 */
export type Command =
  | { kind: "set"; values: Record<string, unknown> }
  | { kind: "theme" | "template" | "scene"; name: string }
  | { kind: "title" | "description" | "keywords" | "tags"; text: string }
  | { kind: "music"; url: string }
  | { kind: "undo" }
  | { kind: "redo" }
  | { kind: "mode"; device: "pc" | "phone" };

const colours: [RegExp, string][] = [
  [/蓝|blue/i, "#1f5fbf"],
  [/红|red/i, "#c0392b"],
  [/绿|green/i, "#2e8b57"],
  [/黄|yellow/i, "#f1c40f"],
  [/橙|orange/i, "#e67e22"],
  [/紫|purple|violet/i, "#8e44ad"],
  [/粉|pink/i, "#e91e63"],
  [/灰|gr[ae]y/i, "#808080"],
  [/黑|black/i, "#000000"],
  [/白|white/i, "#ffffff"],
];

/** A colour named in the text (a #hex, or a colour word in either language). */
export function colourIn(text: string): string | undefined {
  const hex = /#([0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(text);
  if (hex) return hex[0].toLowerCase();
  return colours.find(([pattern]) => pattern.test(text))?.[1];
}

const offWords = /\b(off|stop|disable|no)\b|关闭|关掉|停止|取消|不要|去掉/i;

/** The text after a field's name: "title to X", "书名改成X", "keywords: a, b". */
function textAfter(text: string, names: string): string | undefined {
  const english = new RegExp(`(?:^|\\b)(?:${names})\\s*(?:to|as|is|=|:|：)\\s*(.+)$`, "i").exec(text);
  if (english?.[1]) return english[1].trim().replace(/^["'“]|["'”]$/g, "");
  const chinese = new RegExp(`(?:${names})\\s*(?:改成|改为|换成|设为|设置为|设置成|是|为|：|:)\\s*(.+)$`).exec(text);
  return chinese?.[1]?.trim().replace(/^["'“]|["'”]$/g, "");
}

function named(text: string, english: string, chinese: string): string | undefined {
  const before = new RegExp(
    `(?:use|apply|choose|switch to|change to)?\\s*(?:the\\s+)?([\\w-]+)\\s+${english}`,
    "i",
  ).exec(text);
  if (before?.[1] && !/^(the|a|use|apply)$/i.test(before[1])) return before[1];
  const after = new RegExp(`${english}\\s*(?:to|:)?\\s*([\\w-]+)`, "i").exec(text);
  if (after?.[1]) return after[1];
  const zh = new RegExp(`(?:用|使用|应用|换成|改成|切换到|选择)?\\s*([^\\s，。]+?)\\s*${chinese}`).exec(text);
  if (zh?.[1] && !/^(换|改|用|把)$/.test(zh[1])) return zh[1].replace(/^(用|使用|应用|换成|改成|切换到|选择|把)/, "");
  const zhAfter = new RegExp(`${chinese}\\s*(?:换成|改成|用|设为|为|：|:)\\s*([^\\s，。]+)`).exec(text);
  return zhAfter?.[1];
}

/** The commands in one instruction; an empty list when it is not understood. */
export function parseInstruction(input: string): Command[] {
  const text = input.trim();
  if (!text) return [];
  if (/^(undo|撤销|撤回|后退)/i.test(text)) return [{ kind: "undo" }];
  if (/^(redo|重做|恢复|前进)/i.test(text)) return [{ kind: "redo" }];

  const title = textAfter(text, "book title|title|书名|标题");
  if (title) return [{ kind: "title", text: title }];
  const description = textAfter(text, "description|desc|描述|简介");
  if (description) return [{ kind: "description", text: description }];
  const keywords = textAfter(text, "keywords|keyword|关键词|关键字");
  if (keywords) return [{ kind: "keywords", text: keywords }];
  const tags = textAfter(text, "tags|tag|标签");
  if (tags) return [{ kind: "tags", text: tags }];

  if (/background music|bgm|背景音乐|music|音乐/i.test(text)) {
    const url = /(https?:\/\/\S+|\/\S+\.(?:mp3|ogg|wav|m4a))/i.exec(text)?.[1];
    if (url) return [{ kind: "music", url }];
    if (offWords.test(text)) return [{ kind: "music", url: "" }];
    return [];
  }

  if (/theme|主题/i.test(text)) {
    if (/dark|深色|暗色|黑色/i.test(text)) return [{ kind: "theme", name: "dark" }];
    if (/light|浅色|亮色|白色/i.test(text)) return [{ kind: "theme", name: "light" }];
    const name = named(text, "theme", "主题");
    return name ? [{ kind: "theme", name }] : [];
  }
  if (/template|模板/i.test(text)) {
    const name = named(text, "template", "模板");
    return name ? [{ kind: "template", name }] : [];
  }
  if (/scene|场景/i.test(text)) {
    const name = named(text, "scene", "场景");
    return name ? [{ kind: "scene", name }] : [];
  }

  if (/(phone|mobile|手机)/i.test(text) && /(preview|mode|view|switch|预览|模式|切换|看)/i.test(text))
    return [{ kind: "mode", device: "phone" }];
  if (/(\bpc\b|desktop|computer|电脑)/i.test(text) && /(preview|mode|view|switch|预览|模式|切换|看)/i.test(text))
    return [{ kind: "mode", device: "pc" }];

  if (/auto\s*-?\s*flip|autoplay|自动翻页|自动播放/i.test(text)) {
    if (offWords.test(text)) return [{ kind: "set", values: { autoFlip: false } }];
    const seconds = /(\d+(?:\.\d+)?)\s*(?:s\b|secs?\b|seconds?\b|秒)/i.exec(text)?.[1];
    return [
      {
        kind: "set",
        values: {
          autoFlip: true,
          ...(seconds ? { autoFlipIntervalSeconds: Math.max(1, Math.min(60, Number(seconds))) } : {}),
        },
      },
    ];
  }

  const switches: [RegExp, string][] = [
    [/flip\s*sound|page\s*sound|翻页声音|翻页音效|声音/i, "flipSound"],
    [/hard\s*cover|硬封面|硬皮/i, "hardCover"],
    [/magnifier|放大镜/i, "magnifier"],
    [/print|打印/i, "print"],
  ];
  for (const [pattern, key] of switches)
    if (pattern.test(text)) return [{ kind: "set", values: { [key]: !offWords.test(text) } }];

  if (/right\s*to\s*left|\brtl\b|从右到左|从右往左/i.test(text))
    return [{ kind: "set", values: { flipDirection: "rtl" } }];
  if (/left\s*to\s*right|\bltr\b|从左到右|从左往右/i.test(text))
    return [{ kind: "set", values: { flipDirection: "ltr" } }];
  if (/vertical|calendar|上下翻页|台历/i.test(text)) return [{ kind: "set", values: { flipDirection: "vertical" } }];
  if (/single\s*page|one\s*page|单页/i.test(text)) return [{ kind: "set", values: { pageMode: "single" } }];
  if (/double\s*page|two\s*pages|spread|双页/i.test(text)) return [{ kind: "set", values: { pageMode: "double" } }];

  const colour = colourIn(text);
  if (colour) {
    if (/toolbar|tool bar|工具栏/i.test(text)) return [{ kind: "set", values: { toolbarColor: colour } }];
    if (/background|backdrop|\bbg\b|背景|底色/i.test(text)) return [{ kind: "set", values: { bgColor: colour } }];
  }
  return [];
}
