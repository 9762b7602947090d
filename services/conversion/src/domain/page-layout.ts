/**
 * A page edit's new revision as a function of the base revision and the inserted pages (pure): which page comes
 * from where, how its keys are renamed, where its links and the outline now point. The worker copies the files.
 */

import { bookKeys, type Manifest, type ManifestPage, type OutlineEntry } from "@turnleaf/book-format";
import type { BookLink } from "./page-content.js";

/** One page of the new revision: a base page or an inserted one (1-based; the other is 0). */
export interface LayoutPage {
  basePage: number;
  insertedPage: number;
}

export interface LayoutMaps {
  /** New page of each base page (index page - 1), 0 when deleted. */
  baseToNew: number[];
  /** New page of each inserted page (index page - 1). */
  insertedToNew: number[];
}

/** Checks the layout against what exists; an English reason when it does not fit. */
export function layoutProblem(layout: readonly LayoutPage[], basePages: number, insertedPages: number): string | null {
  if (layout.length === 0) return "the edit leaves no pages";
  const seenBase = new Set<number>();
  const seenInserted = new Set<number>();
  for (const entry of layout) {
    const fromBase = entry.basePage > 0;
    if (fromBase === entry.insertedPage > 0) return "a page must come from the book or from the inserted file";
    const [page, count, seen] = fromBase
      ? [entry.basePage, basePages, seenBase]
      : [entry.insertedPage, insertedPages, seenInserted];
    if (!Number.isInteger(page) || page > count || seen.has(page)) return `page ${page} is not a page to place`;
    seen.add(page);
  }
  if (seenInserted.size !== insertedPages) {
    return `the inserted file has ${insertedPages} pages, the edit places ${seenInserted.size}`;
  }
  return null;
}

export function layoutMaps(layout: readonly LayoutPage[], basePages: number, insertedPages: number): LayoutMaps {
  const baseToNew = new Array<number>(basePages).fill(0);
  const insertedToNew = new Array<number>(insertedPages).fill(0);
  layout.forEach((entry, index) => {
    if (entry.basePage > 0) baseToNew[entry.basePage - 1] = index + 1;
    else insertedToNew[entry.insertedPage - 1] = index + 1;
  });
  return { baseToNew, insertedToNew };
}

/** A jump to a deleted page goes to the page that took its place (the next surviving one), else the last. */
function surviving(map: readonly number[], page: number): number | undefined {
  for (let next = page; next <= map.length; next++) if (map[next - 1]) return map[next - 1];
  for (let previous = page - 1; previous >= 1; previous--) if (map[previous - 1]) return map[previous - 1];
  return undefined;
}

function remapLinks(links: readonly BookLink[], map: readonly number[]): BookLink[] {
  return links.flatMap((link) => {
    if (link.page === undefined) return [link];
    const page = surviving(map, link.page);
    return page ? [{ ...link, page }] : [];
  });
}

/** Moves a page entry to position n: its keys renamed to n's, its links through the map of its origin. */
export function placedPage(page: ManifestPage, n: number, map: readonly number[], sourceOffset: number): ManifestPage {
  const rename = (key: string) => key.replace(/^pages\/\d+\//, `pages/${n}/`);
  return {
    ...page,
    n,
    webp: Object.fromEntries(Object.entries(page.webp).map(([width, key]) => [width, rename(key)])),
    jpg: page.jpg ? rename(page.jpg) : null,
    thumb: page.thumb ? page.thumb.replace(/^thumbs\/\d+\./, `thumbs/${n}.`) : null,
    text: page.text ? bookKeys.text(n) : null,
    links: remapLinks(page.links, map),
    source: { ...page.source, index: page.source.index + sourceOffset },
  };
}

function remapOutline(entries: readonly OutlineEntry[], map: readonly number[]): OutlineEntry[] {
  return entries.map((entry) => {
    const { page: _old, ...rest } = entry;
    const page = entry.page === undefined ? undefined : surviving(map, entry.page);
    return { ...rest, ...(page === undefined ? {} : { page }), children: remapOutline(entry.children, map) };
  });
}

/** The base outline and the inserted file's, each following its pages, in page order (top level). */
export function mergedOutline(base: Manifest, inserted: Manifest | undefined, maps: LayoutMaps): OutlineEntry[] {
  const entries = [
    ...remapOutline(base.outline, maps.baseToNew),
    ...(inserted ? remapOutline(inserted.outline, maps.insertedToNew) : []),
  ];
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.page ?? 0) - (b.entry.page ?? 0) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The search index's pages renumbered (deleted pages' entries dropped), in page order. */
export function mergedSearch(
  base: readonly { page: number; text: string }[],
  inserted: readonly { page: number; text: string }[],
  maps: LayoutMaps,
): { page: number; text: string }[] {
  const placed = [
    ...base.map((entry) => ({ page: maps.baseToNew[entry.page - 1] ?? 0, text: entry.text })),
    ...inserted.map((entry) => ({ page: maps.insertedToNew[entry.page - 1] ?? 0, text: entry.text })),
  ];
  return placed.filter((entry) => entry.page > 0).sort((a, b) => a.page - b.page);
}

/** Kept source PDFs (engine vector): the base's first, then the inserted file's; names as bookKeys gives them. */
export function mergedSourcePdfs(
  base: readonly (string | null)[],
  inserted: readonly (string | null)[],
): { from: { origin: "base" | "inserted"; key: string } | null; key: string | null }[] {
  const all = [
    ...base.map((key) => ({ origin: "base" as const, key })),
    ...inserted.map((key) => ({ origin: "inserted" as const, key })),
  ];
  return all.map((source, index) =>
    source.key === null
      ? { from: null, key: null }
      : { from: { origin: source.origin, key: source.key }, key: bookKeys.sourcePdf(index, all.length) },
  );
}
