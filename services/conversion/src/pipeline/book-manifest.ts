/**
 * The manifest of a book being converted, held by the one process that writes it (the in-process job, or the
 * replica coordinating a split job): pages land into it in any order, it is written after page 1, then every
 * few pages or 2 s, and a last time as "ready" once the outline and the search index are in place. Pages that
 * wait for OCR do not hold the book: the ready manifest lists them in `ocrPending` (read-scanned-pages.ts reads
 * them afterwards). Writes are serialised so an older state never overwrites a newer one.
 */

import { bookKeys, type Manifest } from "@turnleaf/book-format";
import type { BookStorage } from "../data/book-store.js";
import {
  carryOver,
  initialManifest,
  type LandedPage,
  landPage,
  landText,
  pagesAlreadyDone,
} from "../domain/manifest.js";
import { bookOutline, type PageText, searchableText } from "../domain/page-content.js";
import type { PreparedBook } from "./prepare-book.js";
import { wantsText } from "./render-pages.js";

export class BookManifest {
  readonly manifest: Manifest;
  readonly key: string;
  private readonly prefix: string;
  private writing: Promise<void> = Promise.resolve();
  private written = -1;
  private lastWrite = 0;
  private readonly refreshEvery: number;
  /** Texts of pages landed in this process (the search index reads the others back from the store). */
  private readonly texts = new Map<number, PageText>();
  /** Pages whose text OCR reads once the book is ready. */
  readonly textPending = new Set<number>();

  constructor(
    private readonly book: PreparedBook,
    private readonly store: BookStorage,
  ) {
    const { job } = book;
    this.key = bookKeys.manifest(job.bookId, job.revision);
    this.prefix = bookKeys.revisionPrefix(job.bookId, job.revision);
    this.manifest = initialManifest({
      bookId: job.bookId,
      revision: job.revision,
      jobId: job.jobId,
      engine: book.engine,
      trial: job.trial,
      plan: book.plan,
      sizes: book.sizes,
    });
    this.manifest.outline = job.options?.importToc
      ? book.sources.flatMap((source, index) => bookOutline(source.outline, book.pageOf(index)))
      : [];
    this.refreshEvery = Math.max(4, Math.ceil(book.plan.length / 10));
  }

  /**
   * A vector book's PDF sources are kept beside its pages (the reader draws from them): their keys go into the
   * manifest (null for a source that is no PDF) and the files into the store. Nothing for the other engines.
   */
  async storeVectorSources(): Promise<void> {
    const { book } = this;
    if (book.engine !== "vector") return;
    this.manifest.sourcePdfs = book.sources.map((source, index) =>
      source.kind === "pdf" ? bookKeys.sourcePdf(index, book.sources.length) : null,
    );
    for (const [index, source] of book.sources.entries()) {
      const key = this.manifest.sourcePdfs[index];
      if (key) await this.store.putFile(`${this.prefix}${key}`, source.path);
    }
  }

  /**
   * Takes over the pages an earlier delivery of the same job finished (a page whose text the job wants counts
   * only once its text is there). Answers their numbers.
   */
  resume(previous: Manifest | undefined): Set<number> {
    if (previous?.state !== "converting") return new Set();
    const done = pagesAlreadyDone(previous, this.book.job.jobId, this.book.plan.length);
    if (wantsText(this.book)) {
      for (const n of done) if (!previous.pages[n - 1]?.text) done.delete(n);
    }
    if (done.size > 0) carryOver(this.manifest, previous, done);
    // A page taken over with its text layer that waits for OCR too (IMAGEINPDF: the words in its pictures) still
    // waits: the earlier delivery's manifest lists it.
    for (const n of previous.ocrPending ?? []) if (done.has(n)) this.textPending.add(n);
    return done;
  }

  get pagesDone(): number {
    return this.manifest.pagesDone;
  }

  /** Lands a page (a repeat counts once); answers whether it was new. */
  land(landed: LandedPage, text: PageText | undefined, textPending: boolean): boolean {
    const before = this.manifest.pages[landed.n - 1]?.ready ?? false;
    const hadText = Boolean(this.manifest.pages[landed.n - 1]?.text);
    landPage(this.manifest, landed);
    // A repeated landing of a page whose OCR text already arrived keeps pointing at it.
    if (hadText) landText(this.manifest, landed.n);
    if (text) this.texts.set(landed.n, text);
    if (textPending && !hadText) this.textPending.add(landed.n);
    return !before;
  }

  landText(n: number, text?: PageText): void {
    landText(this.manifest, n);
    if (text) this.texts.set(n, text);
    this.textPending.delete(n);
  }

  /** Every page landed (OCR text follows after the book is ready). */
  get complete(): boolean {
    return this.manifest.pagesDone === this.manifest.pageCount;
  }

  /** Writes the manifest when page 1 is new, or enough pages or time have passed since the last write. */
  async refresh(force = false): Promise<void> {
    const done = this.manifest.pagesDone;
    if (!force && this.written >= 0 && done - this.written < this.refreshEvery && Date.now() - this.lastWrite < 2_000)
      return;
    await this.write();
  }

  write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.manifest.pagesDone === this.written && this.manifest.state === "converting") return;
      this.manifest.updatedAt = new Date().toISOString();
      // Written while converting too, so that a later delivery of the job knows which landed pages OCR still owes.
      if (this.textPending.size > 0) this.manifest.ocrPending = [...this.textPending].sort((a, b) => a - b);
      else delete this.manifest.ocrPending;
      this.written = this.manifest.pagesDone;
      this.lastWrite = Date.now();
      await this.store.putJson(this.key, this.manifest, "no-cache");
    });
    return this.writing;
  }

  /** The search index (when asked), then the manifest a last time as "ready". */
  async finish(): Promise<void> {
    if (this.book.job.options?.importSearch) {
      const index: { page: number; text: string }[] = [];
      for (const page of this.book.plan) {
        let text = this.texts.get(page.n);
        if (!text) text = (await this.store.getJson(`${this.prefix}${bookKeys.text(page.n)}`)) as PageText | undefined;
        index.push({ page: page.n, text: text ? searchableText(text) : "" });
      }
      await this.store.putJson(`${this.prefix}${bookKeys.search()}`, { pages: index });
      this.manifest.search = bookKeys.search();
    }
    await this.writing;
    this.manifest.state = "ready";
    await this.write();
  }
}
