import type { Logger } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import type { BookRevisionRepository } from "../data/book-revision.repository.js";
import type { FileStore } from "../data/file-store.js";
import { revisionsToRemove } from "../domain/revision-sweep.js";

export interface RevisionSweepDependencies {
  books: BookRepository;
  revisions: BookRevisionRepository;
  files: FileStore;
  log: Logger;
  now: () => Date;
  graceMs: number;
}

const field = (manifest: unknown, name: string) => {
  const value = (manifest as Record<string, unknown> | null)?.[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * One pass over the next `batch` books (after `after` in id order) with stored revisions: their superseded or
 * orphaned revisions removed. Answers how many went and where the next pass starts ("" once round).
 */
export async function sweepRevisions(
  deps: RevisionSweepDependencies,
  after = "",
  batch = 500,
): Promise<{ removed: number; next: string }> {
  let removed = 0;
  const bookIds = await deps.revisions.booksWithStoredRevisions(after, batch);
  for (const bookId of bookIds) {
    const [book, stored] = await Promise.all([deps.books.findById(bookId), deps.revisions.storedRevisionsOf(bookId)]);
    const manifests = await Promise.all(
      stored.map(async (revision) => {
        const manifest = await deps.files.manifest(bookId, revision);
        return { revision, state: field(manifest, "state"), updatedAt: field(manifest, "updatedAt") };
      }),
    );
    const now = deps.now();
    for (const revision of revisionsToRemove({
      stored,
      manifests,
      bookExists: book !== null,
      now,
      graceMs: deps.graceMs,
    })) {
      const objects = await deps.files.removeRevision(bookId, revision);
      await deps.revisions.markAssetsRemoved(bookId, revision, now);
      deps.log.info({ bookId, revision, objects }, "superseded revision removed");
      removed += 1;
    }
  }
  return { removed, next: bookIds.length < batch ? "" : (bookIds.at(-1) ?? "") };
}

/** Runs the sweep every interval; answers a stop function for shutdown. */
export function startRevisionSweep(deps: RevisionSweepDependencies, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let next = "";
  const timer = setInterval(() => {
    running = sweepRevisions(deps, next).then(
      (pass) => {
        next = pass.next;
      },
      (error: unknown) => deps.log.warn({ err: error }, "revision sweep failed"),
    );
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
