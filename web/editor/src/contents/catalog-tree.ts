import type { CatalogNode } from "../api.js";

/** A place in the TOC tree: the index at each level. */
export type Path = number[];

export function updateAt(
  nodes: CatalogNode[],
  path: Path,
  change: (node: CatalogNode) => CatalogNode | null,
): CatalogNode[] {
  const [head, ...rest] = path;
  const result: CatalogNode[] = [];
  for (const [index, node] of nodes.entries()) {
    if (index !== head) result.push(node);
    else if (rest.length === 0) {
      const changed = change(node);
      if (changed) result.push(changed);
    } else result.push({ ...node, children: updateAt(node.children, rest, change) });
  }
  return result;
}

/** Whether the server would take the tree as it is: every entry titled, every URL link a whole URL. */
export function catalogSavable(nodes: readonly CatalogNode[]): boolean {
  return nodes.every((node) => {
    if (node.title.trim() === "") return false;
    if (node.url) {
      try {
        if (new URL(node.url).hostname === "") return false;
      } catch {
        return false;
      }
    }
    return catalogSavable(node.children);
  });
}
