import { updateAlone } from "@turnleaf/kit";
import { type Connection, type Model, Schema } from "mongoose";
import { defaultPlay, type PageAudioPlay, type StoredPageAudio } from "../domain/page-audio.js";
import { modelOf } from "./model-of.js";

/**
 * Page audio (collection `book_page_audio`): one document per page that has audio (page ≥ 1, unique per book and
 * page: setting a page replaces its audio) and one per book holding the play settings (page 0).
 */
interface PageAudioDocument extends Partial<StoredPageAudio>, Partial<PageAudioPlay> {
  bookId: string;
  page: number;
  /** The page edit whose page moves this audio took last (see applyPageEdit). */
  pagesRevision?: number;
  updatedAt: Date;
}

const schema = new Schema<PageAudioDocument>(
  {
    bookId: { type: String, required: true },
    page: { type: Number, required: true },
    source: { type: String },
    text: { type: String },
    voice: { type: String },
    speed: { type: Number },
    fileId: { type: String },
    fileName: { type: String },
    caption: { type: Boolean },
    captionPosition: { type: String },
    durationSeconds: { type: Number },
    autoFlip: { type: Boolean },
    pauseSeconds: { type: Number },
    pauseWithoutAudio: { type: Boolean },
    pagesRevision: { type: Number, required: false },
    updatedAt: { type: Date, required: true },
  },
  { collection: "book_page_audio" },
);
schema.index({ bookId: 1, page: 1 }, { unique: true });

const audioOf = (document: PageAudioDocument): StoredPageAudio => ({
  page: document.page,
  source: document.source === "file" ? "file" : "speech",
  text: document.text ?? "",
  voice: document.voice ?? "",
  speed: document.speed ?? 0,
  fileId: document.fileId ?? "",
  fileName: document.fileName ?? "",
  caption: Boolean(document.caption),
  captionPosition: document.captionPosition === "top" ? "top" : "bottom",
  durationSeconds: document.durationSeconds ?? 0,
});

export class PageAudioRepository {
  private readonly model: Model<PageAudioDocument>;

  constructor(connection: Connection) {
    this.model = modelOf(connection, "BookPageAudio", schema);
  }

  /** The book's page audio by page, and its play settings (the defaults when never saved). */
  async list(bookId: string): Promise<{ pages: StoredPageAudio[]; play: PageAudioPlay }> {
    const documents = await this.model.find({ bookId }).sort({ page: 1 }).lean<PageAudioDocument[]>().exec();
    const settings = documents.find((document) => document.page === 0);
    return {
      pages: documents.filter((document) => document.page > 0).map(audioOf),
      play: settings
        ? {
            autoFlip: Boolean(settings.autoFlip),
            pauseSeconds: settings.pauseSeconds ?? defaultPlay.pauseSeconds,
            pauseWithoutAudio: Boolean(settings.pauseWithoutAudio),
          }
        : { ...defaultPlay },
    };
  }

  async count(bookId: string): Promise<number> {
    return this.model.countDocuments({ bookId, page: { $gt: 0 } }).exec();
  }

  /** Sets one page's audio; answers what it replaced (null when the page had none). */
  async set(bookId: string, audio: StoredPageAudio, now: Date): Promise<StoredPageAudio | null> {
    return updateAlone(`book_page_audio:${bookId}:${audio.page}`, async () => {
      const before = await this.model.findOne({ bookId, page: audio.page }).lean<PageAudioDocument>().exec();
      await this.model
        .updateOne({ bookId, page: audio.page }, { $set: { ...audio, updatedAt: now } }, { upsert: true })
        .exec();
      return before ? audioOf(before) : null;
    });
  }

  /** Removes one page's audio (page ≥ 1) or every page's (0); answers what went. */
  async clear(bookId: string, page: number): Promise<StoredPageAudio[]> {
    const filter = page > 0 ? { bookId, page } : { bookId, page: { $gt: 0 } };
    const documents = await this.model.find(filter).lean<PageAudioDocument[]>().exec();
    if (documents.length === 0) return [];
    await this.model.deleteMany({ bookId, page: { $in: documents.map((document) => document.page) } }).exec();
    return documents.map(audioOf);
  }

  async savePlay(bookId: string, play: PageAudioPlay, now: Date): Promise<void> {
    await updateAlone(`book_page_audio:${bookId}:0`, () =>
      this.model.updateOne({ bookId, page: 0 }, { $set: { ...play, updatedAt: now } }, { upsert: true }).exec(),
    );
  }

  /**
   * A page edit's moves (issue #37: audio follows its page as media items do): each page's audio goes to its page's
   * new number, a deleted page's audio goes. Once per edit revision (`pagesRevision`), in two steps so that the unique
   * page of a book is never held twice: moved audio first takes its new page negated, then every negated page turns
   * positive (a run cut short between the two is finished by the next). Answers what moved and what went.
   */
  async applyPageEdit(
    bookId: string,
    revision: number,
    movedPage: (page: number) => number | undefined,
  ): Promise<{ moved: number; deleted: StoredPageAudio[] }> {
    const notYet = { $or: [{ pagesRevision: { $lt: revision } }, { pagesRevision: { $exists: false } }] };
    const documents = await this.model
      .find({ bookId, page: { $gt: 0 }, ...notYet })
      .lean<PageAudioDocument[]>()
      .exec();
    let moved = 0;
    const deleted: StoredPageAudio[] = [];
    for (const document of documents) {
      const filter = { bookId, page: document.page, ...notYet };
      const page = movedPage(document.page);
      if (!page) {
        await this.model.deleteOne(filter).exec();
        deleted.push(audioOf(document));
        continue;
      }
      await this.model.updateOne(filter, { $set: { page: -page, pagesRevision: revision } }).exec();
      if (page !== document.page) moved += 1;
    }
    const negated = await this.model
      .find({ bookId, page: { $lt: 0 } })
      .lean<PageAudioDocument[]>()
      .exec();
    for (const document of negated) {
      await this.model.updateOne({ bookId, page: document.page }, { $set: { page: -document.page } }).exec();
    }
    return { moved, deleted };
  }

  /** Everything of a deleted book. */
  async removeBook(bookId: string): Promise<void> {
    await this.model.deleteMany({ bookId }).exec();
  }
}
