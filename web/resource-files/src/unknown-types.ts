import type { FormNode, SettingNode, SettingsTree } from "./types.js";

/** The node types (spec 000's setting "parsers") this code reads values with. */
export const settingNodeTypes: ReadonlySet<string> = new Set([
  "number",
  "color",
  "text",
  "list",
  "file",
  "bool",
  "composite",
  "form",
]);
export const leafNodeTypes: ReadonlySet<string> = new Set(["number", "color", "text", "list", "file", "bool"]);

export interface UnknownSetting {
  key: string;
  type: string;
}

/**
 * Spec 000 §5: a setting whose parser is unknown is only logged. A catalogue newer than this code (a type added to
 * it) is read without those settings: answered here apart, for the caller to log; the rest of the tree works, and
 * their keys in a book's htmlConfig are kept as plain values, as any key the catalogue does not know.
 */
export function withKnownTypes(tree: SettingsTree): { tree: SettingsTree; unknown: UnknownSetting[] } {
  const unknown: UnknownSetting[] = [];
  const known = (node: SettingNode, types: ReadonlySet<string>): boolean => {
    if (types.has(node.type)) return true;
    unknown.push({ key: String(node.key), type: String(node.type) });
    return false;
  };
  const keep = (nodes: SettingNode[]): SettingNode[] =>
    nodes
      .filter((node) => known(node, settingNodeTypes))
      .map((node) => {
        if (node.type === "composite") return { ...node, children: keep(node.children ?? []) };
        if (node.type === "form") {
          const fields = node.fields.filter((field) => known(field, leafNodeTypes)) as FormNode["fields"];
          return { ...node, fields };
        }
        return node;
      })
      .filter((node) => node.type !== "composite" || node.children.length > 0);
  const groups = tree.groups
    .map((group) => ({ ...group, children: keep(group.children ?? []) }))
    .filter((group) => group.children.length > 0);
  return { tree: unknown.length === 0 ? tree : { ...tree, groups }, unknown };
}
