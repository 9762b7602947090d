import { isSafeLink, parseBoundedJson } from "./safe-values.js";
import type { FileNode, FormNode, LeafNode, ScalarValue, ValueNode } from "./types.js";

/**
 * Why a value cannot be a setting's value, as data: `rule` names the catalogue text that explains it (the language
 * service's editor labels `settingRule.<rule>`, see setting-texts.ts), `params` fill its placeholders, `problem`
 * is the developer's English (the generator's and tests' messages).
 */
export type RuleCode =
  | "number"
  | "integer"
  | "excluded"
  | "colour"
  | "text"
  | "format"
  | "option"
  | "options"
  | "boolean"
  | "fileKind"
  | "link"
  | "object"
  | "unknownField";

export interface RuleBreak {
  rule: RuleCode;
  params: Record<string, string | number>;
  problem: string;
  /** For a form: the field whose value broke the rule. */
  field?: LeafNode;
}

/**
 * Colours the reader draws: #rgb, #rgba, #rrggbb, #rrggbbaa, the desktop tool's 0xRRGGBB, and rgb()/rgba()/hsl()/
 * hsla() of numbers. Words ("red", "not a colour") are refused.
 */
export const colourPattern =
  /^(?:#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|0x[0-9a-fA-F]{6}|(?:rgba?|hsla?)\([\d\s.,%/]{1,60}\))$/;

function extensionOf(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const dot = bare.lastIndexOf(".");
  return dot < 0 || dot < bare.lastIndexOf("/") ? "" : bare.slice(dot + 1).toLowerCase();
}

/** Options compare as text, letters in any case ("RTL" is the option "rtl"; 1 is "1"). */
export function sameOption(option: ScalarValue, value: unknown): boolean {
  if (option === value) return true;
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return false;
  return String(option).toLowerCase() === String(value).trim().toLowerCase();
}

const broken = (rule: RuleCode, problem: string, params: Record<string, string | number> = {}): RuleBreak => ({
  rule,
  params,
  problem,
});

function numberBreak(node: Extract<LeafNode, { type: "number" }>, value: unknown): RuleBreak | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  const range = { min: node.min, max: node.max };
  const whole = Number.isInteger(node.step) && Number.isInteger(node.min);
  if (typeof number !== "number" || !Number.isFinite(number))
    return broken(whole ? "integer" : "number", "is not a number", range);
  if (number < node.min || number > node.max)
    return broken(whole ? "integer" : "number", `is outside ${node.min}..${node.max}`, range);
  if (whole && !Number.isInteger(number)) return broken("integer", "is not a whole number", range);
  if (node.exclude?.includes(number))
    return broken("excluded", `may not be ${number}`, { ...range, value: number, excluded: node.exclude.join(", ") });
  return undefined;
}

function listBreak(node: Extract<LeafNode, { type: "list" }>, value: unknown): RuleBreak | undefined {
  let values = node.multiple ? value : [value];
  // A multiple choice may come as the JSON text of its list (older editors and the desktop tool write it so).
  if (node.multiple && typeof value === "string" && value.trim().startsWith("[")) {
    const parsed = parseBoundedJson(value, { maxDepth: 1, maxLength: 10_000 });
    if (parsed.ok) values = parsed.value;
  }
  if (!Array.isArray(values)) return broken("options", "is not a list of options");
  const unknown = values.find((candidate) => !node.options.some((option) => sameOption(option.value, candidate)));
  return unknown === undefined
    ? undefined
    : broken(node.multiple ? "options" : "option", `has ${JSON.stringify(unknown)}, not one of the options`);
}

function fileBreak(node: FileNode, value: unknown): RuleBreak | undefined {
  const accept = node.accept.join(", ");
  if (typeof value !== "string") return broken("fileKind", "is not a file path", { accept });
  if (value.trim() === "") return undefined;
  if (!isSafeLink(value)) return broken("link", "is not an http(s) URL or a path of the book's own files");
  const extension = extensionOf(value.trim());
  return node.accept.includes(extension)
    ? undefined
    : broken("fileKind", `has extension "${extension}", not one of ${node.accept}`, { accept });
}

const booleanTexts = ["yes", "no", "show", "hide", "true", "false"];

function leafBreak(node: LeafNode, value: unknown): RuleBreak | undefined {
  switch (node.type) {
    case "number":
      return numberBreak(node, value);
    case "color":
      return typeof value === "string" && colourPattern.test(value.trim())
        ? undefined
        : broken("colour", "is not a #rgb/#rrggbb colour");
    case "text": {
      const maxLength = node.maxLength;
      if (typeof value !== "string") return broken("text", "is not text", { maxLength });
      if (value.length > maxLength) return broken("text", `is longer than ${maxLength} characters`, { maxLength });
      if (node.pattern && value !== "" && !new RegExp(`^(?:${node.pattern})$`).test(value))
        return broken("format", `does not match ${node.pattern}`);
      return undefined;
    }
    case "list":
      return listBreak(node, value);
    case "file":
      return fileBreak(node, value);
    case "bool":
      return typeof value === "boolean" || (typeof value === "string" && booleanTexts.includes(value.toLowerCase()))
        ? undefined
        : broken("boolean", "is not a boolean (true/false, Yes/No, Show/Hide)");
  }
}

function formBreak(node: FormNode, value: unknown): RuleBreak | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return broken("object", "is not an object");
  const fields = value as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!node.fields.some((field) => field.key === name))
      return broken("unknownField", `has unknown field "${name}"`, { field: name });
  }
  for (const field of node.fields) {
    if (!(field.key in fields)) continue;
    const fieldBreak = leafBreak(field, fields[field.key]);
    if (fieldBreak) return { ...fieldBreak, problem: `field "${field.key}" ${fieldBreak.problem}`, field };
  }
  return undefined;
}

/** The rule `value` breaks as the value of `node`, or undefined when it may be stored. */
export function settingRuleBreak(node: ValueNode, value: unknown): RuleBreak | undefined {
  return node.type === "form" ? formBreak(node, value) : leafBreak(node, value);
}
