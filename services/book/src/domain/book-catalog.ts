import { DomainError } from "@turnleaf/kit";
import { normaliseText } from "@turnleaf/resource-files";

/** A table-of-contents entry (spec 000 §3 "Catalog node", spec 001 "TOC entry"): a title, its page, sub-entries. */
export interface CatalogNode {
  title: string;
  page: number;
  children: CatalogNode[];
}

export const catalogLimits = { depth: 5, titleLength: 200, nodes: 5000 } as const;

/**
 * Checks a catalog tree (every problem at once, up to 20): titles 1–200 characters after normalising (control and
 * bidi-override characters removed) and trimming, pages whole
 * numbers within the book (1…pageCount; pageCount 0 means unknown, only ≥ 1 is checked), at most 5 levels and
 * 5000 entries. Answers the trimmed tree.
 */
export function validateCatalog(nodes: readonly CatalogNode[], pageCount: number): CatalogNode[] {
  const problems: { path: string; message: string }[] = [];
  let count = 0;
  const walk = (list: readonly CatalogNode[], depth: number, prefix: string): CatalogNode[] =>
    list.map((node, index) => {
      count += 1;
      const path = `${prefix}${index + 1}`;
      const title = normaliseText(node.title).trim();
      if (depth > catalogLimits.depth) problems.push({ path, message: `at most ${catalogLimits.depth} levels` });
      if (title === "") problems.push({ path, message: "title is required" });
      if (title.length > catalogLimits.titleLength) {
        problems.push({ path, message: `title may not exceed ${catalogLimits.titleLength} characters` });
      }
      if (!Number.isInteger(node.page) || node.page < 1 || (pageCount > 0 && node.page > pageCount)) {
        problems.push({
          path,
          message: pageCount > 0 ? `page must be between 1 and ${pageCount}` : "page must be at least 1",
        });
      }
      return { title, page: node.page, children: walk(node.children, depth + 1, `${path}.`) };
    });
  const tree = walk(nodes, 1, "");
  if (count > catalogLimits.nodes) problems.unshift({ path: "", message: `at most ${catalogLimits.nodes} entries` });
  if (problems.length > 0) {
    throw new DomainError("INVALID_ARGUMENT", problems[0]?.message ?? "invalid catalog", {
      details: { errors: problems.slice(0, 20) },
    });
  }
  return tree;
}
