import type { Logger } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import type { BookRevisionRepository } from "../data/book-revision.repository.js";
import type { FileStore } from "../data/file-store.js";
import type { MediaRepository } from "../data/media.repository.js";
import type { PageAudioRepository } from "../data/page-audio.repository.js";
import { movedPage, type PagePlan, remapBookmarks, remapCatalog, remapMediaItem } from "../domain/page-edit.js";
import { dropSpeechFiles } from "../handlers/page-audio-files.js";

export interface PageEditReadyDependencies {
  books: BookRepository;
  revisions: BookRevisionRepository;
  media: MediaRepository;
  /** Page audio follows its page too (issue #37). */
  pageAudio?: PageAudioRepository;
  /** Where generated page speech is kept: a deleted page's speech file goes with it. */
  files?: Pick<FileStore, "removeAsset">;
  log: Logger;
}

/**
 * A revision became ready: when it is a page edit, what names a page follows its page before the book switches to it
 * (the media items first, each once; then the TOC and bookmarks, which mark the edit applied). Until then the book
 * shows the base revision and everything keeps the base's numbers, whatever the owner edits meanwhile.
 */
export function pageEditOnReady(deps: PageEditReadyDependencies) {
  return async (bookId: string, revision: number): Promise<void> => {
    const claim = await deps.revisions.findRevision(bookId, revision);
    const edit = claim?.pageEdit;
    if (!edit) return;
    const book = await deps.books.findById(bookId);
    if (!book || (book.pagesEditedRevision ?? 0) >= revision) return;
    const oldToNew = new Array<number>(edit.basePageCount).fill(0);
    edit.layout.forEach((entry, index) => {
      if (entry.basePage > 0) oldToNew[entry.basePage - 1] = index + 1;
    });
    const plan: PagePlan = {
      layout: edit.layout.map((entry) =>
        entry.basePage > 0
          ? { basePage: entry.basePage, insertedPage: 0 }
          : { basePage: 0, insertedPage: entry.insertedPage },
      ),
      oldToNew,
    };
    const media = await deps.media.applyPageEdit(bookId, revision, (item) => remapMediaItem(item, plan));
    const audio = await deps.pageAudio?.applyPageEdit(bookId, revision, (page) => movedPage(plan, page));
    if (audio) await dropSpeechFiles(deps.files, deps.log, book.ownerId, audio.deleted);
    const applied = await deps.books.applyPageEdit(bookId, revision, ({ catalog, bookmarks }) => ({
      catalog: remapCatalog(catalog, plan),
      bookmarks: remapBookmarks(bookmarks, plan),
    }));
    deps.log.info(
      { bookId, revision, media, applied, pageAudio: audio && { moved: audio.moved, deleted: audio.deleted.length } },
      "page edit applied to the TOC, bookmarks, media and page audio",
    );
  };
}
