import { describe, expect, it } from "vitest";
import {
  actionsOf,
  afterRemoval,
  type BookRow,
  converting,
  fill,
  firstView,
  listFields,
  pageCountOf,
  pageSize,
  queryOfView,
  refine,
  shownStatus,
  viewOf,
} from "./model.js";

const row = (status: BookRow["status"], pageCount = 3): BookRow => ({
  bookId: `id-${status}`,
  number: `n-${status}`,
  title: status,
  status,
  link: "",
  pageCount,
  createdAt: "",
  updatedAt: "",
  folderType: 1,
  cover: "",
});

describe("the bookcase's view", () => {
  it("reads page, status, type and keyword from the query, ignoring what it does not know", () => {
    expect(viewOf("")).toEqual(firstView);
    expect(viewOf("?page=3&status=disabled&type=2&q=%20Atlas%20")).toEqual({
      page: 3,
      status: "disabled",
      type: 2,
      keyword: "Atlas",
    });
    for (const bad of ["?page=0", "?page=-2", "?page=1.5", "?page=abc", "?status=deleted", "?type=3", "?type=x"]) {
      expect(viewOf(bad)).toEqual(firstView);
    }
    expect(viewOf(`?q=${"x".repeat(300)}`).keyword).toHaveLength(100);
  });

  it("keeps only what differs from the default in the URL, and round-trips", () => {
    expect(queryOfView(firstView)).toEqual({});
    const view = { page: 2, status: "uploading", type: 1, keyword: "a&b" } as const;
    const back = viewOf(`?${new URLSearchParams(queryOfView(view)).toString()}`);
    expect(back).toEqual(view);
  });

  it("asks the server for one page with its filters", () => {
    expect(listFields(firstView)).toEqual({ page: "1", pageSize: String(pageSize) });
    expect(listFields({ page: 4, status: "error", type: 2, keyword: "k" })).toEqual({
      page: "4",
      pageSize: String(pageSize),
      status: "error",
      folderType: "2",
      keyword: "k",
    });
  });

  it("starts at the first page when a filter or the search changes", () => {
    const on3 = { ...firstView, page: 3 };
    expect(refine(on3, { status: "enabled" })).toMatchObject({ page: 1, status: "enabled" });
    expect(refine(on3, { keyword: "  x " })).toMatchObject({ page: 1, keyword: "x" });
    expect(refine(on3, { type: 2 })).toMatchObject({ page: 1, type: 2 });
  });

  it("counts pages and steps back when a delete empties the last page", () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(pageSize)).toBe(1);
    expect(pageCountOf(pageSize + 1)).toBe(2);
    const onLast = { ...firstView, page: 2 };
    expect(afterRemoval(onLast, pageSize)).toMatchObject({ page: 1 });
    expect(afterRemoval(onLast, pageSize + 1)).toBe(onLast);
    expect(afterRemoval(firstView, 0)).toBe(firstView);
  });
});

describe("a bookcase row", () => {
  it("shows spec 000's statuses", () => {
    expect(shownStatus).toEqual({
      enabled: "normal",
      disabled: "disabled",
      uploading: "processing",
      error: "error",
      overdue: "overdue",
    });
  });

  it("offers enable or disable only to converted books, the editor to any with pages, reading to readable ones", () => {
    expect(actionsOf(row("enabled"))).toEqual({ edit: true, toggle: "disable", share: true, read: true });
    expect(actionsOf(row("disabled"))).toEqual({ edit: true, toggle: "enable", share: true, read: false });
    expect(actionsOf(row("overdue"))).toEqual({ edit: true, toggle: "disable", share: true, read: false });
    expect(actionsOf(row("uploading", 0))).toEqual({ edit: true, toggle: null, share: false, read: false });
    expect(actionsOf(row("error", 0))).toEqual({ edit: false, toggle: null, share: false, read: false });
    expect(actionsOf(row("error", 5)).edit).toBe(true);
  });

  it("follows only the books still converting", () => {
    expect(converting([row("enabled"), row("uploading"), row("error")]).map((entry) => entry.status)).toEqual([
      "uploading",
    ]);
  });

  it("fills placeholders, leaving unknown ones", () => {
    expect(fill("Page {page} of {pages} {x}", { page: 2, pages: 5 })).toBe("Page 2 of 5 {x}");
  });
});
