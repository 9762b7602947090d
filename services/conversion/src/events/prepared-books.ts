/**
 * The books this replica prepared for work items (sources downloaded and read, pages planned), kept while its
 * items keep coming so the next item of the same book starts rendering at once; released after a minute unused.
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
