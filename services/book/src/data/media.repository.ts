import { updateAlone } from "@turnleaf/kit";
import { type Connection, type Model, Schema } from "mongoose";
import type { StoredMediaItem } from "../domain/media.js";
import type { MediaChange } from "../domain/page-edit.js";
import { modelOf } from "./model-of.js";

/**
 * Media items on pages (collection `book_media`): one document per item, so every write touches one item only
 * (an insert, a `$set` of its fields, a delete) and two editors placing items on one book never overwrite each
 * other's. A PDF link the owner removed stays as a `removed` marker: the reader hides the conversion's link.
 * Every update or delete of one item runs through kit's `updateAlone` (the embedded store applies an update as
 * read-then-write-whole, so two at once on one item could lose one).
 */
export interface MediaDocument extends StoredMediaItem {
  bookId: string;
  removed: boolean;
  /** The page edit whose page moves this item took last (see applyPageEdit). */
  pagesRevision?: number;
  createdAt: Date;
  updatedAt: Date;
}

const alone = <T>(bookId: string, itemId: string, update: () => Promise<T>) =>
  updateAlone(`book_media:${bookId}:${itemId}`, update);

const mediaSchema = new Schema<MediaDocument>(
  {
    bookId: { type: String, required: true },
    itemId: { type: String, required: true },
    page: { type: Number, required: true },
    kind: { type: String, required: true },
    x: { type: Number, required: true },
    y: { type: Number, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    url: { type: String, default: "" },
    targetPage: { type: Number, default: 0 },
    embedUrl: { type: String, default: "" },
    images: { type: [String], default: [] },
    text: { type: String, default: "" },
    autoplay: { type: Boolean, default: false },
    loop: { type: Boolean, default: false },
    popup: { type: Boolean, default: false },
    origin: { type: String, default: "" },
    removed: { type: Boolean, default: false },
    pagesRevision: { type: Number, required: false },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: "book_media" },
);
mediaSchema.index({ bookId: 1, itemId: 1 }, { unique: true });
mediaSchema.index({ bookId: 1, page: 1 });

const duplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/** The item a document holds: the required fields as they are, the optional ones with their defaults. */
const itemOf = ({ itemId, page, kind, x, y, width, height, ...optional }: MediaDocument): StoredMediaItem => ({
  itemId,
  page,
  kind,
  x,
  y,
  width,
  height,
  url: optional.url ?? "",
  targetPage: optional.targetPage ?? 0,
  embedUrl: optional.embedUrl ?? "",
  images: optional.images ?? [],
  text: optional.text ?? "",
  autoplay: Boolean(optional.autoplay),
  loop: Boolean(optional.loop),
  popup: Boolean(optional.popup),
  origin: optional.origin === "pdf" ? "pdf" : "",
});

export class MediaRepository {
  private readonly model: Model<MediaDocument>;
  private indexes: Promise<void> | undefined;

  constructor(connection: Connection) {
    this.model = modelOf(connection, "BookMedia", mediaSchema);
  }

  /** The unique index is what refuses a second item of one id: every write waits for it (made once). */
  ensureIndexes(): Promise<void> {
    this.indexes ??= this.model.syncIndexes().then(
      () => undefined,
      (error: unknown) => {
        this.indexes = undefined;
        throw error;
      },
    );
    return this.indexes;
  }

  /** The book's items by page then placement, and the PDF links it removed. */
  async list(bookId: string): Promise<{ items: StoredMediaItem[]; removedPdfLinks: string[] }> {
    const documents = await this.model
      .find({ bookId })
      .sort({ page: 1, createdAt: 1, itemId: 1 })
      .lean<MediaDocument[]>()
      .exec();
    return {
      items: documents.filter((document) => !document.removed).map(itemOf),
      removedPdfLinks: documents.filter((document) => document.removed).map((document) => document.itemId),
    };
  }

  async counts(bookId: string, page: number): Promise<{ page: number; book: number }> {
    const [onPage, inBook] = await Promise.all([
      this.model.countDocuments({ bookId, page, removed: { $ne: true } }).exec(),
      this.model.countDocuments({ bookId, removed: { $ne: true } }).exec(),
    ]);
    return { page: onPage, book: inBook };
  }

  /** Inserts the item; a removed PDF link's marker becomes the item. False: an item with this id exists. */
  async add(bookId: string, item: StoredMediaItem, now: Date): Promise<boolean> {
    await this.ensureIndexes();
    try {
      await this.model.create({ ...item, bookId, removed: false, createdAt: now, updatedAt: now });
      return true;
    } catch (error) {
      if (!duplicateKey(error)) throw error;
    }
    const { matchedCount } = await alone(bookId, item.itemId, () =>
      this.model
        .updateOne(
          { bookId, itemId: item.itemId, removed: true },
          { $set: { ...item, removed: false, updatedAt: now } },
        )
        .exec(),
    );
    return matchedCount > 0;
  }

  /** Replaces one item's fields; false when the book has no such item. */
  async update(bookId: string, item: StoredMediaItem, now: Date): Promise<boolean> {
    const { matchedCount } = await alone(bookId, item.itemId, () =>
      this.model
        .updateOne({ bookId, itemId: item.itemId, removed: { $ne: true } }, { $set: { ...item, updatedAt: now } })
        .exec(),
    );
    return matchedCount > 0;
  }

  /** Deletes an item the owner placed; false when the book has no such item. */
  async remove(bookId: string, itemId: string): Promise<boolean> {
    const { deletedCount } = await alone(bookId, itemId, () =>
      this.model.deleteOne({ bookId, itemId, removed: { $ne: true } }).exec(),
    );
    return deletedCount > 0;
  }

  /**
   * Marks a PDF link removed (its item, when edited before, becomes the marker). `box` places the marker where the
   * link was, so the document keeps every required field.
   */
  async removePdfLink(bookId: string, itemId: string, page: number, now: Date): Promise<void> {
    await this.ensureIndexes();
    await alone(bookId, itemId, () =>
      this.model
        .updateOne(
          { bookId, itemId },
          {
            $set: { removed: true, updatedAt: now },
            $setOnInsert: {
              page,
              kind: "link",
              x: 0,
              y: 0,
              width: 0,
              height: 0,
              origin: "pdf",
              createdAt: now,
            },
          },
          { upsert: true },
        )
        .exec(),
    );
  }

  /**
   * A page edit's revision is ready: every item not yet moved by it follows its page (deleted pages' items go). Each
   * item records the revision it took, so a repeated event moves nothing twice. Renamed PDF link ids pass through a
   * temporary id first: pdf-3-0 may become pdf-6-0 while today's pdf-6-0 is still waiting to become pdf-8-0.
   */
  async applyPageEdit(
    bookId: string,
    revision: number,
    decide: (item: Pick<StoredMediaItem, "itemId" | "page" | "targetPage">) => MediaChange,
  ): Promise<{ moved: number; deleted: number }> {
    const notYet = { $or: [{ pagesRevision: { $lt: revision } }, { pagesRevision: { $exists: false } }] };
    const items = await this.model
      .find({ bookId, ...notYet })
      .lean<MediaDocument[]>()
      .exec();
    const temporary = `~r${revision}`;
    let moved = 0;
    let deleted = 0;
    for (const item of items) {
      const change = decide(item);
      const filter = { bookId, itemId: item.itemId, ...notYet };
      if (change.action === "delete") {
        await alone(bookId, item.itemId, () => this.model.deleteOne(filter).exec());
        deleted += 1;
        continue;
      }
      const set: Record<string, unknown> = { pagesRevision: revision };
      if (change.action === "update") {
        Object.assign(set, { page: change.page, targetPage: change.targetPage });
        if (change.newItemId !== item.itemId) set.itemId = `${change.newItemId}${temporary}`;
        moved += 1;
      }
      await alone(bookId, item.itemId, () => this.model.updateOne(filter, { $set: set }).exec());
    }
    const renamed = await this.model
      .find({ bookId, itemId: { $regex: `${temporary}$` } })
      .lean<MediaDocument[]>()
      .exec();
    for (const item of renamed) {
      const itemId = item.itemId.slice(0, -temporary.length);
      await alone(bookId, itemId, () =>
        this.model.updateOne({ bookId, itemId: item.itemId }, { $set: { itemId } }).exec(),
      );
    }
    return { moved, deleted };
  }

  async removeBook(bookId: string): Promise<void> {
    await this.model.deleteMany({ bookId }).exec();
  }
}
