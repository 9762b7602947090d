/**
 * The books this replica prepared for work items (sources downloaded and read, pages planned), kept while its
 * items keep coming so the next item of the same book starts rendering at once; released after a minute unused.
 * The job consumer hands over the book it prepared to split it, so the replica that coordinates a book does not
 * download and read it a second time for its items.
 */
import type { ConversionJobRequested } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { type PrepareDependencies, type PreparedBook, prepareBook, releaseBook } from "../pipeline/prepare-book.js";
import type { RenderPool } from "../render/pool.js";

interface Entry {
  book: Promise<PreparedBook>;
  users: number;
  lastUsed: number;
}

export class PreparedBooks {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pool: RenderPool,
    private readonly idleMs = 60_000,
  ) {
    this.timer = setInterval(() => void this.sweep(), Math.max(1_000, idleMs / 4));
    this.timer.unref();
  }

  /** Runs `use` with the prepared book of a job (preparing it when this replica has none). */
  async with<T>(
    job: ConversionJobRequested,
    convertedKeys: string[],
    deps: PrepareDependencies,
    use: (book: PreparedBook) => Promise<T>,
  ): Promise<T> {
    const key = `${job.jobId}:${job.revision}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { book: prepareBook(job, deps, convertedKeys), users: 0, lastUsed: Date.now() };
      this.entries.set(key, entry);
      // A failed preparation is not kept: the next attempt prepares again.
      entry.book.catch(() => this.entries.delete(key));
    }
    entry.users++;
    try {
      return await use(await entry.book);
    } finally {
      entry.users--;
      entry.lastUsed = Date.now();
    }
  }

  /**
   * Takes over a book the job consumer prepared (released here once unused); false when this replica already has
   * one for the job (an earlier attempt's), and the caller keeps and releases its own.
   */
  adopt(job: ConversionJobRequested, book: PreparedBook): boolean {
    const key = `${job.jobId}:${job.revision}`;
    if (this.entries.has(key)) return false;
    this.entries.set(key, { book: Promise.resolve(book), users: 0, lastUsed: Date.now() });
    return true;
  }

  private async sweep(all = false): Promise<void> {
    for (const [key, entry] of [...this.entries]) {
      if (entry.users > 0 || (!all && Date.now() - entry.lastUsed < this.idleMs)) continue;
      this.entries.delete(key);
      const book = await entry.book.catch(() => undefined);
      if (book) await releaseBook(book, this.pool).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sweep(true);
  }
}
