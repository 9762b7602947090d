import { sameOption, settingRuleBreak } from "./setting-rules.js";
import type { Lang, ScalarValue, SettingGroup, SettingNode, SettingsTree, SettingValues, ValueNode } from "./types.js";

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

/** Why `value` cannot be the value of `node` (developer's English), or undefined when it can. */
export function settingValueProblem(node: ValueNode, value: unknown): string | undefined {
  return settingRuleBreak(node, value)?.problem;
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
