import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { Bookmark } from "../domain/book-bookmarks.js";
import type { CatalogNode } from "../domain/book-catalog.js";
import type { BookInfoFields } from "../domain/book-info.js";
import type { StoredPrivacy } from "../domain/book-privacy.js";
import type { DownloadConfig } from "../domain/book-settings.js";
import type { ConversionChange, ConversionFacts } from "../domain/conversion-status.js";
import { type BookDocument, type BookSettingsDocument, bookModel, bookSettingsModel } from "./book.schema.js";

/** What a bookcase row needs: never the settings texts, which may be hundreds of KB per book. */
const summaryFields = {
  bookId: 1,
  number: 1,
  ownerId: 1,
  teamId: 1,
  title: 1,
  bStatus: 1,
  hostingSuspended: 1,
  pageCount: 1,
  convertingRevision: 1,
  readyRevision: 1,
  folderType: 1,
  shareIcon: 1,
  textStatus: 1,
  createdAt: 1,
  updatedAt: 1,
  // The bookcase's reason for a book in error and its lock mark.
  conversionError: 1,
  "privacy.access": 1,
} as const;

/**
 * The book with its settings from `book_settings` (a book stored before they moved keeps its own): the texts, and
 * the download config and isDownload when the entry holds them (entries written since they change together).
 */
export function withSettingsTexts(book: BookDocument, stored: BookSettingsDocument | null): BookDocument {
  if (!stored) return book;
  const merged = { ...book, htmlConfigJson: stored.htmlConfigJson, pluginsJson: stored.pluginsJson };
  if (stored.isDownload !== undefined) {
    merged.isDownload = stored.isDownload;
    merged.downloadConfig = stored.downloadConfig ?? null;
  }
  return merged;
}

/** The settings update-book stores, all of them at one revision. */
export interface StoredSettings {
  htmlConfigJson: string;
  pluginsJson: string;
  downloadConfig: DownloadConfig | null;
  isDownload: boolean;
}

/** The revision a stored entry is at (absent: 0, as for a book without one). */
export const settingsRevisionOf = (stored: BookSettingsDocument | null): number => stored?.revision ?? 0;

/** Every update of a book's documents (the book, its settings) one at a time: see kit's updateAlone. */
const alone = <T>(bookId: string, update: () => Promise<T>) => updateAlone(`book:${bookId}`, update);

/** The filter that matches a document only while its revision field is still `seen` (absent counts as 0). */
function atRevision(field: string, seen: number): Record<string, unknown> {
  return seen === 0 ? { $or: [{ [field]: 0 }, { [field]: { $exists: false } }] } : { [field]: seen };
}

const conversionFields = {
  bStatus: 1,
  convertingRevision: 1,
  readyRevision: 1,
  statusAfterConversion: 1,
  pageCount: 1,
  conversionError: 1,
} as const;
/** Compare-and-set attempts before the event is left to its redelivery. */
const conversionAttempts = 5;

export class BookRepository {
  private readonly books;
  private readonly settings;

  constructor(connection: Connection) {
    this.books = bookModel(connection);
    this.settings = bookSettingsModel(connection);
  }

  /** The book with its settings texts (kept in `book_settings`; a book stored before keeps its own). */
  async withSettings(book: BookDocument): Promise<BookDocument> {
    return withSettingsTexts(book, await this.settingsOf(book.bookId));
  }

  /** A book's settings texts; null for a book stored before they moved (it keeps its own). */
  async settingsOf(bookId: string): Promise<BookSettingsDocument | null> {
    return this.settings.findOne({ _id: bookId }).lean<BookSettingsDocument>().exec();
  }

  async findByNumber(number: string): Promise<BookDocument | null> {
    return this.books.findOne({ number }).lean<BookDocument>().exec();
  }

  async findById(bookId: string): Promise<BookDocument | null> {
    return this.books.findOne({ bookId }).lean<BookDocument>().exec();
  }

  /** Inserts the book unless one with its id exists already (a retried creation). */
  async insertIfAbsent(book: BookDocument): Promise<void> {
    await unlessDuplicate(() => this.books.create(book));
  }

  async upsert(book: BookDocument): Promise<void> {
    const { htmlConfigJson, pluginsJson, ...fields } = book;
    await alone(book.bookId, () =>
      this.books.updateOne({ bookId: book.bookId }, { $set: fields }, { upsert: true }).exec(),
    );
    if (htmlConfigJson !== undefined || pluginsJson !== undefined) {
      await this.saveSettingsTexts(book.bookId, {
        htmlConfigJson: htmlConfigJson ?? "{}",
        pluginsJson: pluginsJson ?? "[]",
      });
    }
  }

  /**
   * Moves the settings texts of books stored before they lived in `book_settings` (run at start, idempotent): a
   * settings entry already there is newer and wins. Answers how many books were moved.
   */
  async moveSettingsTexts(): Promise<number> {
    const legacy = { $or: [{ htmlConfigJson: { $exists: true } }, { pluginsJson: { $exists: true } }] };
    let moved = 0;
    for await (const book of this.books
      .find(legacy, { bookId: 1, htmlConfigJson: 1, pluginsJson: 1 })
      .lean<BookDocument>()
      .cursor()) {
      await unlessDuplicate(() =>
        this.settings.create({
          _id: book.bookId,
          htmlConfigJson: book.htmlConfigJson ?? "{}",
          pluginsJson: book.pluginsJson ?? "[]",
        }),
      );
      await alone(book.bookId, () =>
        this.books
          .updateOne(
            { bookId: book.bookId },
            { $unset: { htmlConfigJson: "", pluginsJson: "" } },
            { timestamps: false },
          )
          .exec(),
      );
      moved += 1;
    }
    return moved;
  }

  private async saveSettingsTexts(bookId: string, texts: { htmlConfigJson: string; pluginsJson: string }) {
    // A new revision: an update-book derived from the entry before fails its compare-and-set and derives again.
    await alone(bookId, () =>
      this.settings.updateOne({ _id: bookId }, { $set: texts, $inc: { revision: 1 } }, { upsert: true }).exec(),
    );
  }

  /**
   * Stores a privacy change derived from the settings read at revision `seen` (0: none stored), only while that is
   * still the stored revision: the fields it changed are set path by path (a book without stored settings gets them
   * whole). Answers the new revision, or null when another change landed first.
   */
  async setPrivacyAt(
    bookId: string,
    change: { whole: StoredPrivacy } | { fields: Partial<StoredPrivacy> },
    seen: number,
  ): Promise<number | null> {
    const revision = seen + 1;
    const set =
      "whole" in change
        ? { privacy: { ...change.whole, revision } }
        : {
            ...Object.fromEntries(Object.entries(change.fields).map(([field, value]) => [`privacy.${field}`, value])),
            "privacy.revision": revision,
          };
    const result = await alone(bookId, () =>
      this.books.updateOne({ bookId, ...atRevision("privacy.revision", seen) }, { $set: set }).exec(),
    );
    return result.matchedCount > 0 ? revision : null;
  }

  /**
   * Stores the settings as the next revision after `seen`, the one they were derived from: a compare-and-set, so a
   * concurrent update-book that stored first makes this one answer null (derive again from the newer entry) rather
   * than overwrite it. Answers the stored revision.
   */
  async saveSettingsAt(bookId: string, settings: StoredSettings, seen: number): Promise<number | null> {
    const revision = seen + 1;
    if (seen === 0) {
      const inserted = await unlessDuplicate(() => this.settings.create({ _id: bookId, ...settings, revision }));
      if (inserted) return revision;
    }
    const result = await alone(bookId, () =>
      this.settings
        .updateOne({ _id: bookId, ...atRevision("revision", seen) }, { $set: { ...settings, revision } })
        .exec(),
    );
    return result.matchedCount > 0 ? revision : null;
  }

  /**
   * The book's own copy of a settings revision (download config, isDownload; the texts of a book stored before they
   * moved are dropped), unless a later revision's copy landed first; and the changed info fields, always.
   */
  async copySettings(
    bookId: string,
    settings: StoredSettings,
    revision: number,
    info: BookInfoFields = {},
  ): Promise<void> {
    const { downloadConfig, isDownload } = settings;
    await alone(bookId, () =>
      this.books
        .updateOne(
          { bookId, $or: [{ settingsRevision: { $lt: revision } }, { settingsRevision: { $exists: false } }] },
          {
            $set: { downloadConfig, isDownload, settingsRevision: revision },
            $unset: { htmlConfigJson: "", pluginsJson: "" },
          },
        )
        .exec(),
    );
    if (Object.keys(info).length > 0)
      await alone(bookId, () => this.books.updateOne({ bookId }, { $set: info }).exec());
  }

  /**
   * Replaces the catalog, bumping its revision; with `seen`, only while the stored revision is still that one.
   * Answers the new revision, or null when another save came first (nothing changed).
   */
  async setCatalog(bookId: string, catalog: CatalogNode[], seen?: number): Promise<number | null> {
    return this.replaceList(bookId, "catalog", catalog, "catalogRevision", seen);
  }

  /** As setCatalog, for the bookmark tabs. */
  async setBookmarks(bookId: string, bookmarks: Bookmark[], seen?: number): Promise<number | null> {
    return this.replaceList(bookId, "bookmarks", bookmarks, "bookmarksRevision", seen);
  }

  private async replaceList(
    bookId: string,
    field: "catalog" | "bookmarks",
    list: CatalogNode[] | Bookmark[],
    revisionField: "catalogRevision" | "bookmarksRevision",
    seen: number | undefined,
  ): Promise<number | null> {
    const filter = seen === undefined ? { bookId } : { bookId, ...atRevision(revisionField, seen) };
    const after = await alone(bookId, () =>
      this.books
        .findOneAndUpdate(
          filter,
          { $set: { [field]: list }, $inc: { [revisionField]: 1 } },
          { returnDocument: "after" },
        )
        .lean<BookDocument>()
        .exec(),
    );
    return after ? (after[revisionField] ?? 0) : null;
  }

  /**
   * Appends one tab atomically (concurrent adds all land) and answers the tabs after it and their revision, in one
   * round trip.
   */
  async pushBookmark(bookId: string, bookmark: Bookmark): Promise<{ bookmarks: Bookmark[]; revision: number }> {
    const after = await alone(bookId, () =>
      this.books
        .findOneAndUpdate(
          { bookId },
          { $push: { bookmarks: bookmark }, $inc: { bookmarksRevision: 1 } },
          // The whole (small) book: with a projection this failed on FerretDB.
          { returnDocument: "after" },
        )
        .lean<Pick<BookDocument, "bookmarks" | "bookmarksRevision">>()
        .exec(),
    );
    return { bookmarks: after?.bookmarks ?? [], revision: after?.bookmarksRevision ?? 0 };
  }

  /**
   * A page edit's revision is ready: the TOC and the bookmarks follow their pages (`remap` derives both from the
   * stored ones), saved only while neither changed since they were read (derived again otherwise) and only once per
   * revision (`pagesEditedRevision`). Answers false when the book is gone or had taken this edit already.
   */
  async applyPageEdit(
    bookId: string,
    revision: number,
    remap: (lists: { catalog: CatalogNode[]; bookmarks: Bookmark[] }) => {
      catalog: CatalogNode[];
      bookmarks: Bookmark[];
    },
  ): Promise<boolean> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const book = await this.books.findOne({ bookId }).lean<BookDocument>().exec();
      if (!book || (book.pagesEditedRevision ?? 0) >= revision) return false;
      const next = remap({ catalog: book.catalog ?? [], bookmarks: book.bookmarks ?? [] });
      const filter = {
        bookId,
        $and: [
          atRevision("catalogRevision", book.catalogRevision ?? 0),
          atRevision("bookmarksRevision", book.bookmarksRevision ?? 0),
        ],
      };
      const result = await alone(bookId, () =>
        this.books
          .updateOne(filter, {
            $set: { catalog: next.catalog, bookmarks: next.bookmarks, pagesEditedRevision: revision },
            $inc: { catalogRevision: 1, bookmarksRevision: 1 },
          })
          .exec(),
      );
      if (result.modifiedCount > 0) return true;
    }
    throw new Error(`the TOC and bookmarks of ${bookId} kept changing while revision ${revision} was applied`);
  }

  /** The connection the books live on (the content repository shares it). */
  get connection(): Connection {
    return this.books.db;
  }

  /** Other stored fields of a book (share icon, text status, status, card, page count); false when it is gone. */
  async setFields(bookId: string, fields: Partial<BookDocument>): Promise<boolean> {
    const result = await alone(bookId, () => this.books.updateOne({ bookId }, { $set: fields }).exec());
    return result.matchedCount > 0;
  }

  /** One page of an owner's books (their bookcase fields only), newest change first, and how many match. */
  async listOwned(
    ownerId: string,
    filter: Record<string, unknown>,
    skip: number,
    limit: number,
  ): Promise<{ total: number; books: BookDocument[] }> {
    const query = { ...filter, ownerId };
    const [total, books] = await Promise.all([
      this.books.countDocuments(query).exec(),
      this.books
        .find(query, summaryFields)
        .sort({ updatedAt: -1, bookId: 1 })
        .skip(skip)
        .limit(limit)
        .lean<BookDocument[]>()
        .exec(),
    ]);
    return { total, books };
  }

  /**
   * Applies a hosting event unless a later one (by the time JetStream stored it) was applied already: a redelivered
   * older event never overwrites a newer state. The store time, unlike the stream sequence, survives a recreated
   * stream. False when nothing changed (no such book, or an older event).
   */
  async applyHosting(
    bookId: string,
    change: { suspended: boolean; reason: string; publishedAt: Date },
  ): Promise<boolean> {
    const result = await alone(bookId, () =>
      this.books
        .updateOne(
          {
            bookId,
            $or: [{ hostingChangedAt: { $exists: false } }, { hostingChangedAt: { $lte: change.publishedAt } }],
          },
          {
            $set: {
              hostingSuspended: change.suspended,
              hostingReason: change.reason,
              hostingChangedAt: change.publishedAt,
            },
          },
        )
        .exec(),
    );
    return result.matchedCount > 0;
  }

  /**
   * Applies what `decide` makes of the book's conversion facts, as a compare-and-set on the facts it saw (an owner's
   * status switch or another event between the read and the write makes it decide again). Not an owner's change:
   * updatedAt, the bookcase's order, stays. "gone" when the book no longer exists.
   */
  async updateConversion(
    bookId: string,
    decide: (book: ConversionFacts) => ConversionChange | null,
  ): Promise<"applied" | "unchanged" | "gone"> {
    for (let attempt = 0; attempt < conversionAttempts; attempt++) {
      const book = await this.books.findOne({ bookId }, conversionFields).lean<BookDocument>().exec();
      if (!book) return "gone";
      const change = decide(book);
      if (!change) return "unchanged";
      const seen = {
        bStatus: book.bStatus,
        convertingRevision: book.convertingRevision ?? null,
        readyRevision: book.readyRevision ?? null,
      };
      const result = await alone(bookId, () =>
        this.books.updateOne({ bookId, ...seen }, { $set: change }, { timestamps: false }).exec(),
      );
      if (result.matchedCount > 0) return "applied";
    }
    throw new Error(`book ${bookId} kept changing while its conversion status was applied`);
  }

  /** Caches what a manifest told; not a change of the book (its updatedAt, the bookcase's order, stays). */
  async cachePageCount(bookId: string, pageCount: number, readyRevision: number): Promise<void> {
    await alone(bookId, () =>
      this.books
        .updateOne(
          { bookId, readyRevision: { $exists: false } },
          { $set: { pageCount, readyRevision } },
          { timestamps: false },
        )
        .exec(),
    );
  }

  async delete(bookId: string): Promise<boolean> {
    const result = await this.books.deleteOne({ bookId }).exec();
    await this.settings.deleteOne({ _id: bookId }).exec();
    return result.deletedCount > 0;
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.books.syncIndexes(), this.settings.syncIndexes()]);
  }
}
