import type { BookInfo } from "../api.js";
import type { Labels } from "../labels.js";

/**
 * The basic tab's book fields (title, description, keywords, label, category) live in the editor's document beside the
 * settings under `book:`-prefixed keys, so they share the save flow and the undo stack; update-book takes them as
 * its own form fields, not inside bookConfig, and the preview never sees them.
 */
export const bookFieldPrefix = "book:";
export const bookFields = ["title", "desc", "keyword", "label", "categoryId"] as const;
export type BookField = (typeof bookFields)[number];

/** update-book's limits of the fields (the server enforces them too). */
export const bookFieldLimits: Record<Exclude<BookField, "label">, number> = {
  title: 100,
  desc: 2000,
  keyword: 500,
  categoryId: 20,
};

export const bookFieldKey = (field: BookField) => `${bookFieldPrefix}${field}`;

export function basicDoc(
  book: Pick<BookInfo, "title" | "desc" | "keyword" | "label" | "categoryId">,
): Record<string, string> {
  return {
    [bookFieldKey("title")]: book.title ?? "",
    [bookFieldKey("desc")]: book.desc ?? "",
    [bookFieldKey("keyword")]: book.keyword ?? "",
    [bookFieldKey("label")]: book.label ?? "0",
    [bookFieldKey("categoryId")]: book.categoryId ?? "",
  };
}

/** A change as update-book takes it: the book's own fields and the settings (bookConfig). */
export function splitBasic(changed: Record<string, unknown>): {
  fields: Record<string, string>;
  config: Record<string, unknown>;
} {
  const fields: Record<string, string> = {};
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changed)) {
    if (key.startsWith(bookFieldPrefix)) fields[key.slice(bookFieldPrefix.length)] = String(value ?? "");
    else config[key] = value;
  }
  return { fields, config };
}

/** The label's values of update-book ('0'..'3') with their names. */
export function labelOptions(labels: Labels): [string, string][] {
  return [
    ["0", labels.labelNone],
    ["1", labels.labelFresh],
    ["2", labels.labelHot],
    ["3", labels.labelFeatured],
  ];
}

/** The assistant's tags as a label: a label's number or its name in either language; undefined if none fits. */
export function labelOf(text: string): string | undefined {
  const value = text.trim().toLowerCase();
  if (/^[0-3]$/.test(value)) return value;
  if (/^(none|no label|无|没有|不要)$/.test(value)) return "0";
  if (/^(fresh|new|最新|新)$/.test(value)) return "1";
  if (/^(hot|popular|热门|热)$/.test(value)) return "2";
  if (/^(featured|recommended|推荐|精选)$/.test(value)) return "3";
  return undefined;
}
