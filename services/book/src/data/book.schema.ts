import { type Connection, Schema } from "mongoose";
import type { Bookmark } from "../domain/book-bookmarks.js";
import type { CatalogNode } from "../domain/book-catalog.js";
import { accessKinds, passwordModes, type StoredPrivacy } from "../domain/book-privacy.js";
import type { DownloadConfig } from "../domain/book-settings.js";

export interface BookDocument {
  bookId: string;
  /** The public book number the editor's URLs carry (query `num`). */
  number: string;
  ownerId: string;
  /** "0" for a personal book. */
  teamId: string;
  folderId: string;
  /** 1 book, 2 publication. */
  folderType: number;
  title: string;
  keywords?: string;
  description?: string;
  /** Spec 000 §9 label: 0 none, 1 fresh, 2 hot, 3 featured. */
  label?: number;
  /** The book's category (digits; "" none), from the upload form or update-book. */
  categoryId?: string;
  /** Spec 001 §7 book source: -1 user uploaded, 0 blank page, 1 template book. */
  source?: number;
  html5Tem: string;
  html5Theme: string;
  html5PhoneTem: string;
  /** Spec 000 §4 "Book status": 1 normal, 0 disabled, 2 processing, 3 error (`domain/bookcase.ts`). */
  bStatus: number;
  /** The newest revision whose conversion started, and the newest that finished (`domain/conversion-status.ts`). */
  convertingRevision?: number;
  readyRevision?: number;
  /** The status (normal or disabled) a converting book returns to. */
  statusAfterConversion?: number;
  /** Why the book is in error (bStatus 3): the conversion's final message. */
  conversionError?: string;
  /** Who may read it; absent: public. */
  privacy?: StoredPrivacy;
  /**
   * The htmlConfig object as JSON text (setting keys are free-form; text keeps them out of the store's key rules) and
   * the plugin list as JSON text. Both live in `book_settings` (see BookSettingsDocument); a book stored before they
   * moved keeps them here until its next update-book, and the repository's withSettings fills them in either way.
   */
  htmlConfigJson?: string;
  pluginsJson?: string;
  /** The download config; its code stored reversed and base64-encoded (spec 001 "Client data"). */
  downloadConfig?: DownloadConfig | null;
  isDownload?: boolean;
  /** The table of contents; empty: the reader shows the PDF's outline. */
  catalog?: CatalogNode[];
  bookmarks?: Bookmark[];
  /**
   * Bumped by every write of the catalog and of the bookmarks: a client replacing a list whole sends the one it
   * edited and a newer one is a conflict (absent: 0).
   */
  catalogRevision?: number;
  bookmarksRevision?: number;
  /** The newest page edit's revision whose page moves the TOC, bookmarks and media items took (see page-edit.ts). */
  pagesEditedRevision?: number;
  /** The settings revision whose download config and isDownload these copies are (see BookSettingsDocument). */
  settingsRevision?: number;
  /** Unpaid hosting past its grace (the power service's BookHostingChanged): closed to readers, "overdue". */
  hostingSuspended?: boolean;
  hostingReason?: string;
  /** When JetStream stored the hosting event applied last (older redeliveries are ignored). */
  hostingChangedAt?: Date;
  /** The WeChat share icon (set-book-sare-icon). */
  shareIcon?: string;
  /** 1 the text layer is on, 0 off (set-book-text-status). */
  textStatus?: number;
  /** The business card the book shows, and whether it shows it. */
  businessCardId?: string;
  businessCardVisible?: boolean;
  /** The page count of the newest converted revision, cached when first read from its manifest. */
  pageCount?: number;
  createdAt?: Date;
  updatedAt?: Date;
}

const bookSchema = new Schema<BookDocument>(
  {
    bookId: { type: String, required: true, unique: true },
    number: { type: String, required: true, unique: true },
    ownerId: { type: String, required: true, index: true },
    teamId: { type: String, required: true, default: "0" },
    folderId: { type: String, required: true, default: "0" },
    folderType: { type: Number, required: true, enum: [1, 2], default: 1 },
    title: { type: String, required: true },
    keywords: { type: String, default: "" },
    description: { type: String, default: "" },
    label: { type: Number, enum: [0, 1, 2, 3], default: 0 },
    categoryId: { type: String, default: "" },
    source: { type: Number, default: -1 },
    html5Tem: { type: String, default: "" },
    html5Theme: { type: String, default: "" },
    html5PhoneTem: { type: String, default: "" },
    bStatus: { type: Number, default: 1 },
    convertingRevision: { type: Number, required: false },
    readyRevision: { type: Number, required: false },
    statusAfterConversion: { type: Number, required: false },
    conversionError: { type: String, required: false },
    privacy: {
      type: new Schema(
        {
          access: { type: String, enum: accessKinds, required: true },
          mode: { type: String, enum: passwordModes, required: true },
          hint: { type: String, default: "" },
          fromPage: { type: Number, min: 1, default: 1 },
          passwordHash: { type: String, default: "" },
          users: { type: [{ name: String, passwordHash: String, _id: false }], default: [] },
          revision: { type: Number, required: false },
        },
        { _id: false },
      ),
      required: false,
    },
    htmlConfigJson: { type: String, required: false },
    pluginsJson: { type: String, required: false },
    downloadConfig: { type: Schema.Types.Mixed, default: null },
    isDownload: { type: Boolean, default: false },
    catalog: { type: Schema.Types.Mixed, default: [] },
    bookmarks: {
      type: [{ caption: String, page: Number, colour: String, fontColour: String, _id: false }],
      default: [],
    },
    catalogRevision: { type: Number, required: false },
    bookmarksRevision: { type: Number, required: false },
    pagesEditedRevision: { type: Number, required: false },
    settingsRevision: { type: Number, required: false },
    hostingSuspended: { type: Boolean, default: false },
    hostingReason: { type: String, default: "" },
    hostingChangedAt: { type: Date, required: false },
    shareIcon: { type: String, default: "" },
    textStatus: { type: Number, default: 1 },
    businessCardId: { type: String, default: "" },
    businessCardVisible: { type: Boolean, default: false },
    pageCount: { type: Number, default: 0 },
  },
  { collection: "books", timestamps: true },
);

bookSchema.index({ ownerId: 1, updatedAt: -1 });

export function bookModel(connection: Connection) {
  return connection.model<BookDocument>("Book", bookSchema);
}

/**
 * A book's settings texts, apart from the book: they may be hundreds of KB, and every query that scans books (the
 * bookcase's count and sort, each ownership check) would carry them (a MongoDB-wire store without index use, such as
 * FerretDB on SQLite, reads whole documents). Keyed by the book id as `_id`, the one key such a store looks up
 * without a scan.
 */
export interface BookSettingsDocument {
  /** The book id. */
  _id: string;
  htmlConfigJson: string;
  pluginsJson: string;
  /**
   * The download config and isDownload as of this revision: update-book's rules read them with the texts, so they
   * change in the same compare-and-set (the book keeps a copy for its other readers). Absent on entries stored
   * before: the book's own fields are the current ones.
   */
  downloadConfig?: DownloadConfig | null;
  isDownload?: boolean;
  /** Bumped by every settings write (absent: 0); each write is a compare-and-set on the one it read. */
  revision?: number;
}

const bookSettingsSchema = new Schema<BookSettingsDocument>(
  {
    _id: { type: String, required: true },
    htmlConfigJson: { type: String, default: "{}" },
    pluginsJson: { type: String, default: "[]" },
    downloadConfig: { type: Schema.Types.Mixed, required: false },
    isDownload: { type: Boolean, required: false },
    revision: { type: Number, required: false },
  },
  { collection: "book_settings", timestamps: true },
);

export function bookSettingsModel(connection: Connection) {
  return connection.model<BookSettingsDocument>("BookSettings", bookSettingsSchema);
}
