import type {
  FileNode,
  FormNode,
  Lang,
  LeafNode,
  ScalarValue,
  SettingGroup,
  SettingNode,
  SettingsTree,
  SettingValues,
  ValueNode,
} from "./types.js";

/** Spec 000 §5 (file settings): the accepted extensions and the default maximum size. */
export const fileExtensions = [
  "jpg",
  "png",
  "gif",
  "swf",
  "mp4",
  "webm",
  "mp3",
  "ogg",
  "wav",
  "m4a",
  "acc",
  "flac",
] as const;
export const defaultFileMaxSize = 10_485_760;

/** Spec 000 §5 boolean parsing: yes, show, true mean true; anything else false. */
export function asBoolean(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  return ["yes", "show", "true"].includes(String(value).trim().toLowerCase());
}

export interface PlacedNode<Node extends SettingNode = SettingNode> {
  node: Node;
  group: SettingGroup;
  /** Composites from the group down to the node's parent. */
  ancestors: SettingNode[];
}

/** Every node of the tree, depth first, with where it sits. */
export function walkSettings(tree: SettingsTree): PlacedNode[] {
  const placed: PlacedNode[] = [];
  const visit = (nodes: SettingNode[], group: SettingGroup, ancestors: SettingNode[]) => {
    for (const node of nodes) {
      placed.push({ node, group, ancestors });
      if (node.type === "composite") visit(node.children ?? [], group, [...ancestors, node]);
    }
  };
  for (const group of tree.groups) visit(group.children ?? [], group, []);
  return placed;
}

/** The nodes that hold an htmlConfig value (leaves and forms; a form's fields are parts of its value). */
export function valueNodes(tree: SettingsTree): PlacedNode<ValueNode>[] {
  return walkSettings(tree).filter((placed): placed is PlacedNode<ValueNode> => placed.node.type !== "composite");
}

/** Key (and alias) → node. */
export function settingIndex(tree: SettingsTree): Map<string, ValueNode> {
  const index = new Map<string, ValueNode>();
  for (const { node } of valueNodes(tree)) {
    index.set(node.key, node);
    for (const alias of node.aliases ?? []) index.set(alias, node);
  }
  return index;
}

/** The htmlConfig a book has before anyone changes a setting. */
export function settingDefaults(tree: SettingsTree): SettingValues {
  return Object.fromEntries(valueNodes(tree).map(({ node }) => [node.key, node.defaultValue]));
}

const colorPattern = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

function extensionOf(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const dot = bare.lastIndexOf(".");
  return dot < 0 || dot < bare.lastIndexOf("/") ? "" : bare.slice(dot + 1).toLowerCase();
}

function sameOption(option: ScalarValue, value: unknown): boolean {
  return option === value || String(option) === String(value);
}

function leafProblem(node: LeafNode | FileNode, value: unknown): string | undefined {
  switch (node.type) {
    case "number": {
      const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof number !== "number" || !Number.isFinite(number)) return "is not a number";
      if (number < node.min || number > node.max) return `is outside ${node.min}..${node.max}`;
      return undefined;
    }
    case "color":
      return typeof value === "string" && colorPattern.test(value) ? undefined : "is not a #rgb/#rrggbb colour";
    case "text": {
      if (typeof value !== "string") return "is not text";
      if (value.length > node.maxLength) return `is longer than ${node.maxLength} characters`;
      if (node.pattern && value !== "" && !new RegExp(`^(?:${node.pattern})$`).test(value))
        return `does not match ${node.pattern}`;
      return undefined;
    }
    case "list": {
      const values = node.multiple ? value : [value];
      if (!Array.isArray(values)) return "is not a list of options";
      const unknown = values.find((candidate) => !node.options.some((option) => sameOption(option.value, candidate)));
      return unknown === undefined ? undefined : `has ${JSON.stringify(unknown)}, not one of the options`;
    }
    case "file": {
      if (typeof value !== "string") return "is not a file path";
      if (value === "") return undefined;
      const extension = extensionOf(value);
      return node.accept.includes(extension) ? undefined : `has extension "${extension}", not one of ${node.accept}`;
    }
    case "bool":
      return typeof value === "boolean" ||
        (typeof value === "string" && ["yes", "no", "show", "hide", "true", "false"].includes(value.toLowerCase()))
        ? undefined
        : "is not a boolean (true/false, Yes/No, Show/Hide)";
  }
}

function formProblem(node: FormNode, value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "is not an object";
  const fields = value as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!node.fields.some((field) => field.key === name)) return `has unknown field "${name}"`;
  }
  for (const field of node.fields) {
    if (!(field.key in fields)) continue;
    const problem = leafProblem(field, fields[field.key]);
    if (problem) return `field "${field.key}" ${problem}`;
  }
  return undefined;
}

/** Why `value` cannot be the value of `node`, or undefined when it can. */
export function settingValueProblem(node: ValueNode, value: unknown): string | undefined {
  return node.type === "form" ? formProblem(node, value) : leafProblem(node, value);
}

function conditionHolds(trigger: ValueNode | undefined, actual: unknown, expected: ScalarValue[]): boolean {
  if (trigger?.type === "bool") return expected.some((candidate) => asBoolean(candidate) === asBoolean(actual));
  return expected.some((candidate) => sameOption(candidate, actual));
}

/**
 * Spec 000 §5: whether a setting shows, given the book's htmlConfig `values` (defaults for keys it lacks). A node
 * shows when it is visible, its related conditions hold, the settings they name show, and so do its composites.
 */
export function isNodeVisible(tree: SettingsTree, key: string, values: SettingValues): boolean {
  const placed = walkSettings(tree);
  const index = settingIndex(tree);
  const byKey = new Map(placed.map((entry) => [entry.node.key, entry]));
  const shown = (nodeKey: string, seen: Set<string>): boolean => {
    const entry = byKey.get(index.get(nodeKey)?.key ?? nodeKey);
    if (!entry || seen.has(entry.node.key)) return false;
    const path = new Set(seen).add(entry.node.key);
    return [...entry.ancestors, entry.node].every(
      (node) =>
        node.visible !== false &&
        (node.config?.related ?? []).every((condition) => {
          const trigger = index.get(condition.key);
          const actual = trigger
            ? (values[trigger.key] ?? aliasValue(trigger, values) ?? trigger.defaultValue)
            : values[condition.key];
          return conditionHolds(trigger, actual, condition.values) && shown(condition.key, path);
        }),
    );
  };
  return shown(key, new Set());
}

function aliasValue(node: ValueNode, values: SettingValues): unknown {
  for (const alias of node.aliases ?? []) if (alias in values) return values[alias];
  return undefined;
}

/** Spec 000 §5: settings whose title or description (in `lang`) contains `query`, case-insensitively. */
export function searchSettings(tree: SettingsTree, query: string, lang: Lang): ValueNode[] {
  const needle = query.trim().toLocaleLowerCase();
  const nodes = valueNodes(tree).map(({ node }) => node);
  if (!needle) return nodes;
  return nodes.filter((node) =>
    [node.title[lang], node.desc[lang]].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
}
