import { DomainError, message } from "@turnleaf/kit";
import type { Bookmark } from "./book-bookmarks.js";
import type { CatalogNode } from "./book-catalog.js";
import type { StoredMediaItem } from "./media.js";

/**
 * Editing a book's pages (spec 001 'add-new-page dialog with an insert position'; delete and reorder): the new
 * revision's pages as a layout of the base revision's pages and inserted ones, and how everything that names a page
 * (TOC, bookmarks, media items, link targets) follows its page. Pure: the handlers store, the worker copies.
 */
export const pageEditLimits = { pages: 1000 } as const;

export type PageEdit =
  /** `count` new pages, the first of them at `position` (1 … pageCount + 1; pageCount + 1 appends). */
  | { kind: "insert"; position: number; count: number }
  /** These pages go (1-based, any order, each once). */
  | { kind: "delete"; pages: readonly number[] }
  /** The new order: the base page shown at each new position (a permutation of 1 … pageCount). */
  | { kind: "move"; order: readonly number[] };

/** One page of the new revision: a page of the base revision, or the n-th page of what was inserted. */
export type LayoutEntry = { basePage: number; insertedPage: 0 } | { basePage: 0; insertedPage: number };

export interface PagePlan {
  layout: LayoutEntry[];
  /** oldToNew[p - 1]: the new number of base page p, 0 when it was deleted. */
  oldToNew: number[];
}

const bad = (key: string, params: Record<string, number>, field: string) =>
  new DomainError("INVALID_ARGUMENT", message(key, params), { details: { field } });

const isPage = (page: number, pageCount: number) => Number.isInteger(page) && page >= 1 && page <= pageCount;

/** The new revision's layout; a coded INVALID_ARGUMENT names what is wrong with the edit. */
export function planPageEdit(pageCount: number, edit: PageEdit): PagePlan {
  if (!Number.isInteger(pageCount) || pageCount < 1) {
    throw new DomainError("FAILED_PRECONDITION", message("pages.notReady"), { details: { field: "bookId" } });
  }
  const base = (basePage: number): LayoutEntry => ({ basePage, insertedPage: 0 });
  let layout: LayoutEntry[];
  if (edit.kind === "insert") {
    if (!Number.isInteger(edit.position) || edit.position < 1 || edit.position > pageCount + 1) {
      throw bad("pages.badPosition", { last: pageCount + 1 }, "position");
    }
    if (!Number.isInteger(edit.count) || edit.count < 1) throw bad("pages.nothingToInsert", {}, "file");
    if (pageCount + edit.count > pageEditLimits.pages) {
      throw bad("pages.tooMany", { pages: pageEditLimits.pages, adding: edit.count, existing: pageCount }, "file");
    }
    const before = Array.from({ length: edit.position - 1 }, (_, index) => base(index + 1));
    const inserted = Array.from(
      { length: edit.count },
      (_, index): LayoutEntry => ({
        basePage: 0,
        insertedPage: index + 1,
      }),
    );
    const after = Array.from({ length: pageCount - edit.position + 1 }, (_, index) => base(edit.position + index));
    layout = [...before, ...inserted, ...after];
  } else if (edit.kind === "delete") {
    const gone = new Set<number>();
    for (const page of edit.pages) {
      if (!isPage(page, pageCount) || gone.has(page)) throw bad("pages.badPages", { last: pageCount }, "pages");
      gone.add(page);
    }
    if (gone.size === 0) throw bad("pages.badPages", { last: pageCount }, "pages");
    if (gone.size >= pageCount) throw bad("pages.deleteAll", {}, "pages");
    layout = [];
    for (let page = 1; page <= pageCount; page++) if (!gone.has(page)) layout.push(base(page));
  } else {
    const seen = new Set<number>();
    for (const page of edit.order) {
      if (!isPage(page, pageCount) || seen.has(page)) throw bad("pages.badOrder", { last: pageCount }, "order");
      seen.add(page);
    }
    if (seen.size !== pageCount) throw bad("pages.badOrder", { last: pageCount }, "order");
    layout = edit.order.map(base);
  }
  const oldToNew = new Array<number>(pageCount).fill(0);
  layout.forEach((entry, index) => {
    if (entry.basePage > 0) oldToNew[entry.basePage - 1] = index + 1;
  });
  return { layout, oldToNew };
}

/** The new page of a base page, undefined when it was deleted (or never existed). */
export function movedPage(plan: PagePlan, page: number): number | undefined {
  return plan.oldToNew[page - 1] || undefined;
}

/**
 * Where something pointing at a base page points now: its page, or — deleted — the page that took the deleted one's
 * place (the next surviving base page), or the last page when nothing survived after it.
 */
export function retargetedPage(plan: PagePlan, page: number): number {
  const moved = movedPage(plan, page);
  if (moved) return moved;
  for (let next = page + 1; next <= plan.oldToNew.length; next++) {
    const after = movedPage(plan, next);
    if (after) return after;
  }
  for (let previous = page - 1; previous >= 1; previous--) {
    const before = movedPage(plan, previous);
    if (before) return before;
  }
  return Math.min(Math.max(page, 1), plan.layout.length);
}

/** TOC entries keep their place in the tree and follow their page (a deleted page's entry retargets). */
export function remapCatalog<Node extends CatalogNode>(nodes: readonly Node[], plan: PagePlan): Node[] {
  return nodes.map((node) => ({
    ...node,
    page: retargetedPage(plan, node.page),
    children: remapCatalog(node.children, plan),
  }));
}

/** Bookmarks follow their page; a deleted page's bookmark goes with it. */
export function remapBookmarks<Mark extends Bookmark>(bookmarks: readonly Mark[], plan: PagePlan): Mark[] {
  return bookmarks.flatMap((mark) => {
    const page = movedPage(plan, mark.page);
    return page ? [{ ...mark, page }] : [];
  });
}

const pdfLinkId = /^pdf-(\d+)-(\d+)$/;

export type MediaChange =
  | { itemId: string; action: "keep" }
  | { itemId: string; action: "delete" }
  | { itemId: string; action: "update"; newItemId: string; page: number; targetPage: number };

/**
 * What happens to one media item: drawn on a deleted page it goes; otherwise it follows its page, a link's target
 * page follows too (retargeted when deleted), and a PDF link's id (`pdf-<page>-<index>`, which names the page of
 * the conversion's link) is renamed to the new page.
 */
export function remapMediaItem(
  item: Pick<StoredMediaItem, "itemId" | "page" | "targetPage">,
  plan: PagePlan,
): MediaChange {
  const page = movedPage(plan, item.page);
  if (!page) return { itemId: item.itemId, action: "delete" };
  const targetPage = item.targetPage > 0 ? retargetedPage(plan, item.targetPage) : 0;
  const pdf = pdfLinkId.exec(item.itemId);
  const newItemId = pdf ? `pdf-${page}-${pdf[2]}` : item.itemId;
  if (page === item.page && targetPage === item.targetPage && newItemId === item.itemId) {
    return { itemId: item.itemId, action: "keep" };
  }
  return { itemId: item.itemId, action: "update", newItemId, page, targetPage };
}

/** Parses a page list like `3,5-7` (the editor's and the API's form) into pages; undefined when malformed. */
export function parsePageList(text: string, limit = pageEditLimits.pages): number[] | undefined {
  const pages: number[] = [];
  for (const part of text.split(",").map((piece) => piece.trim())) {
    const range = /^(\d{1,4})(?:-(\d{1,4}))?$/.exec(part);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first || last - first >= limit) return undefined;
    for (let page = first; page <= last; page++) pages.push(page);
    if (pages.length > limit) return undefined;
  }
  return pages;
}
