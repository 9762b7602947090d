import type { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, message, type TypedClient } from "@turnleaf/kit";
import type { BookDocument } from "../../data/book.schema.js";
import type { BookCommentRepository } from "../../data/book-comment.repository.js";
import type { BookContentRepository } from "../../data/book-content.repository.js";
import type { BookRevisionRepository } from "../../data/book-revision.repository.js";
import type { FileStore } from "../../data/file-store.js";
import type { MediaRepository } from "../../data/media.repository.js";
import type { PageAudioRepository } from "../../data/page-audio.repository.js";
import type { BookHandlerDependencies } from "../handler-dependencies.js";

export interface BookContentDependencies extends BookHandlerDependencies {
  revisions: BookRevisionRepository;
  power: TypedClient<typeof PowerService>;
  content: BookContentRepository;
  /** Readers' messages, deleted with their book. */
  comments?: BookCommentRepository;
  /** Media items on pages, deleted with their book. */
  media?: MediaRepository;
  /** Page audio (#37): a deleted book's goes with it. */
  pageAudio?: PageAudioRepository;
  /** The largest video upload-file takes (MEDIA_VIDEO_MAX_BYTES); other files keep spec 000's 10 MB. */
  videoMaxBytes?: number;
  /** Absent when the service runs without S3: asset uploads and PDF downloads answer UNAVAILABLE. */
  files: FileStore | undefined;
  /** Hosts an owner's external PDF download URL may point at (PDF_DOWNLOAD_HOSTS); others get the book's own file. */
  pdfDownloadHosts?: readonly string[];
}

const userIdPattern = /^[0-9]{1,20}$/;

export function actingUser(userId: string): string {
  if (!userIdPattern.test(userId)) throw new DomainError("UNAUTHENTICATED", message("pleaseLogIn"));
  return userId;
}

export const iso = (date: Date | undefined) => (date ? new Date(date).toISOString() : "");

/** Manifests of a book's revisions, newest first; the page count is cached on the book once known. */
export const manifestsReader =
  ({ files, revisions }: Pick<BookContentDependencies, "files" | "revisions">) =>
  async (book: BookDocument) => {
    if (!files) return [];
    const numbers = await revisions.revisionsOf(book.bookId);
    return Promise.all(
      numbers.map(async (revision) => ({ revision, manifest: await files.manifest(book.bookId, revision) })),
    );
  };
