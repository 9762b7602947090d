/**
 * The pages panel's rules (pure): the order being arranged, and the checks made before anything is sent — the same
 * rules the server applies (services/book/src/domain/page-edit.ts), so a wrong value is refused at once, in the
 * interface language.
 */

import { formatMessage } from "@turnleaf/resource-files/message-format";

/** The order after moving the page at `from` to `to` (drag and drop, or one step up or down). */
export function movePage(order: readonly number[], from: number, to: number): number[] {
  if (from === to || from < 0 || from >= order.length || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  const [page] = next.splice(from, 1);
  next.splice(to, 0, page as number);
  return next;
}

/** The pages chosen after checking or unchecking one. */
export function withChosen(chosen: ReadonlySet<number>, page: number, checked: boolean): Set<number> {
  const next = new Set(chosen);
  if (checked) next.add(page);
  else next.delete(page);
  return next;
}

/** The book's pages in their order: 1 … pageCount. */
export const naturalOrder = (pageCount: number) => Array.from({ length: pageCount }, (_, index) => index + 1);

export const isReordered = (order: readonly number[]) => order.some((page, index) => page !== index + 1);

/** The insert position typed: a whole number from 1 to pageCount + 1, else undefined. */
export function insertPosition(text: string, pageCount: number): number | undefined {
  if (!/^\s*\d{1,6}\s*$/.test(text)) return undefined;
  const position = Number(text);
  return position >= 1 && position <= pageCount + 1 ? position : undefined;
}

/** Spec 000 §5 / spec 001: one PDF, or JPG, JPEG and PNG images (not both). */
export function insertFilesProblem(names: readonly string[]): "none" | "kind" | null {
  if (names.length === 0) return "none";
  const kinds = names.map((name) => /\.([^.]+)$/.exec(name.toLowerCase())?.[1] ?? "");
  const pdfs = kinds.filter((kind) => kind === "pdf").length;
  const images = kinds.filter((kind) => ["jpg", "jpeg", "png"].includes(kind)).length;
  if (pdfs + images !== kinds.length) return "kind";
  if (pdfs > 1 || (pdfs === 1 && images > 0)) return "kind";
  return null;
}

/** Deleting the chosen pages: nothing chosen, or every page (a book keeps one), is refused. */
export function deleteProblem(chosen: ReadonlySet<number>, pageCount: number): "none" | "all" | null {
  if (chosen.size === 0) return "none";
  if (chosen.size >= pageCount) return "all";
  return null;
}

/** A text with its arguments filled (ICU MessageFormat: `{name}`, `{count, plural, …}`); a missing one stays `{name}`. */
export const fill = (text: string, values: Record<string, string | number>) => formatMessage(text, values);
