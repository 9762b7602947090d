import { randomBytes } from "node:crypto";
import { type CodedMessage, DomainError, message, messageText, ref } from "@turnleaf/kit";
import { normaliseText } from "@turnleaf/resource-files";

/**
 * A table-of-contents entry (spec 000 §3 "Catalog node", spec 001 "TOC entry"): an id, a title, its page, a link
 * (spec 001 link kinds: its page when `url` is empty, else that http(s) URL), sub-entries and the collapse flag.
 */
export interface CatalogNode {
  id?: string;
  title: string;
  page: number;
  url?: string;
  /** Spec 001 TOC entry: the reader shows the sub-entries folded until opened (kept only on an entry with some). */
  collapsed?: boolean;
  children: CatalogNode[];
}

export const catalogLimits = { depth: 5, titleLength: 200, nodes: 5000, urlLength: 2000 } as const;

const idPattern = /^[A-Za-z0-9_-]{1,32}$/;
const newEntryId = () => randomBytes(6).toString("base64url");

/** An entry's link URL: empty, or an absolute http(s) URL without spaces (never a script or data scheme). */
export function catalogUrlProblem(url: string): boolean {
  if (url === "") return false;
  if (url.length > catalogLimits.urlLength || /\s/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return !["http:", "https:"].includes(parsed.protocol) || parsed.hostname === "";
  } catch {
    return true;
  }
}

/**
 * Checks a catalog tree (every problem at once, up to 20): titles 1–200 characters after normalising (control and
 * bidi-override characters removed) and trimming, pages whole
 * numbers within the book (1…pageCount; pageCount 0 means unknown, only ≥ 1 is checked), at most 5 levels and
 * 5000 entries. Answers the trimmed tree.
 */
/** A text longer than its limit: the field named in the interface language (catalogue `fieldName.<field>`). */
export const textTooLong = (field: string, max: number) =>
  message("textTooLong", { field: ref(`fieldName.${field}`), max });

/** A page outside the book (pageCount 0: the book's size is not known yet, only ≥ 1 is checked). */
export const pageProblem = (pageCount: number) =>
  pageCount > 0 ? message("pageBetween", { max: pageCount }) : message("pageAtLeastOne");

export function validateCatalog(nodes: readonly CatalogNode[], pageCount: number): CatalogNode[] {
  const problems: { path: string; coded: CodedMessage }[] = [];
  const ids = new Set<string>();
  let count = 0;
  const walk = (list: readonly CatalogNode[], depth: number, prefix: string): CatalogNode[] =>
    list.map((node, index) => {
      count += 1;
      const path = `${prefix}${index + 1}`;
      const title = normaliseText(node.title).trim();
      if (depth > catalogLimits.depth)
        problems.push({ path, coded: message("catalog.depth", { max: catalogLimits.depth }) });
      if (title === "") problems.push({ path, coded: message("catalog.titleRequired") });
      if (title.length > catalogLimits.titleLength) {
        problems.push({ path, coded: textTooLong("title", catalogLimits.titleLength) });
      }
      if (!Number.isInteger(node.page) || node.page < 1 || (pageCount > 0 && node.page > pageCount)) {
        problems.push({ path, coded: pageProblem(pageCount) });
      }
      const url = (node.url ?? "").trim();
      if (catalogUrlProblem(url)) {
        problems.push({ path, coded: message("catalogUrl", { path }) });
      }
      // An id the client kept is the entry's; a missing, malformed or repeated one gets a new one.
      let id = node.id ?? "";
      if (!idPattern.test(id) || ids.has(id)) id = newEntryId();
      ids.add(id);
      const children = walk(node.children, depth + 1, `${path}.`);
      return {
        id,
        title,
        page: node.page,
        url,
        ...(node.collapsed === true && children.length > 0 ? { collapsed: true } : {}),
        children,
      };
    });
  const tree = walk(nodes, 1, "");
  if (count > catalogLimits.nodes)
    problems.unshift({ path: "", coded: message("contentLimit", { max: catalogLimits.nodes }) });
  if (problems.length > 0) {
    const first = problems[0] as { coded: CodedMessage };
    // Coded strings: the gateway words each in the interface language, like the message itself.
    const errors = problems.slice(0, 20).map(({ path, coded }) => ({ path, message: messageText(coded) }));
    throw new DomainError("INVALID_ARGUMENT", first.coded, { details: { errors } });
  }
  return tree;
}
