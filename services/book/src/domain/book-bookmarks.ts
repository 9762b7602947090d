import { randomInt } from "node:crypto";
import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { normaliseText } from "@turnleaf/resource-files";
import { pageProblem, textTooLong } from "./book-catalog.js";

/** A bookmark tab (spec 000 §3 "Bookmark tab", spec 001 "Bookmark"). */
export interface Bookmark {
  caption: string;
  page: number;
  colour: string;
  fontColour: string;
}

export const bookmarkLimits = { bookmarks: 1000, captionLength: 100 } as const;
export const defaultCaption = "bookmark";
export const defaultFontColour = "#ffffff";

const colourPattern = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function invalid(text: CodedMessage, details: Record<string, unknown>): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, { details });
}

function checkPage(page: number, pageCount: number, index: number): void {
  if (!Number.isInteger(page) || page < 1 || (pageCount > 0 && page > pageCount)) {
    throw invalid(pageProblem(pageCount), {
      index,
      field: "page",
    });
  }
}

/** Checks a saved list: at most 1000 tabs; caption default 'bookmark', font colour default white; #rgb/#rrggbb colours. */
export function validateBookmarks(bookmarks: readonly Bookmark[], pageCount: number): Bookmark[] {
  if (bookmarks.length > bookmarkLimits.bookmarks) {
    throw invalid(message("bookmarkLimit", { max: bookmarkLimits.bookmarks }), { field: "bookmarks" });
  }
  return bookmarks.map((bookmark, index) => {
    const caption = normaliseText(bookmark.caption).trim() || defaultCaption;
    if (caption.length > bookmarkLimits.captionLength) {
      throw invalid(textTooLong("caption", bookmarkLimits.captionLength), { index, field: "caption" });
    }
    checkPage(bookmark.page, pageCount, index);
    const fontColour = bookmark.fontColour.trim() || defaultFontColour;
    for (const [field, value] of [
      ["colour", bookmark.colour.trim()],
      ["fontColour", fontColour],
    ] as const) {
      if (!colourPattern.test(value)) throw invalid(message("colourInvalid"), { index, field });
    }
    return {
      caption,
      page: bookmark.page,
      colour: bookmark.colour.trim().toLowerCase(),
      fontColour: fontColour.toLowerCase(),
    };
  });
}

/** A random #rrggbb colour no existing tab has (case-insensitive). */
export function uniqueRandomColour(
  taken: readonly string[],
  random: () => number = () => randomInt(0x1000000),
): string {
  const used = new Set(taken.map((colour) => colour.toLowerCase()));
  for (;;) {
    const colour = `#${random().toString(16).padStart(6, "0").slice(-6)}`;
    if (!used.has(colour)) return colour;
  }
}

/** The colour every existing tab has, when there is one. */
export function sharedColour(bookmarks: readonly Bookmark[]): string | undefined {
  const first = bookmarks[0]?.colour.toLowerCase();
  return first && bookmarks.every((bookmark) => bookmark.colour.toLowerCase() === first) ? first : undefined;
}

/**
 * Spec 000 §4 "Bookmark add": caption default 'bookmark', white font, the page after the last tab's (1 for the first;
 * never beyond a known page count); the colour the existing tabs share when they all have one (a single tab's
 * colour counts: "all existing tabs are equal"), otherwise a random colour unique among the tabs.
 */
export function newBookmark(
  existing: readonly Bookmark[],
  request: { caption: string; sharedColour: boolean },
  pageCount: number,
  random?: () => number,
): Bookmark {
  if (existing.length >= bookmarkLimits.bookmarks) {
    throw invalid(message("bookmarkLimit", { max: bookmarkLimits.bookmarks }), { field: "bookmarks" });
  }
  const caption = normaliseText(request.caption).trim() || defaultCaption;
  if (caption.length > bookmarkLimits.captionLength) {
    throw invalid(textTooLong("caption", bookmarkLimits.captionLength), { field: "caption" });
  }
  const last = existing[existing.length - 1];
  const next = last ? last.page + 1 : 1;
  const page = pageCount > 0 ? Math.min(next, pageCount) : next;
  // `sharedColour` is the old explicit ask; the spec's rule already takes the common colour whenever there is one.
  const shared = sharedColour(existing);
  const colour =
    shared ??
    uniqueRandomColour(
      existing.map((bookmark) => bookmark.colour),
      random,
    );
  return { caption, page, colour, fontColour: defaultFontColour };
}
