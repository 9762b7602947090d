import { BookPagesService } from "@turnleaf/contracts/book/v1/book_pages_pb";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { Logger } from "@turnleaf/kit";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import { pictureMeasurer } from "./data/asset-measure.js";
import { BookCommentRepository } from "./data/book-comment.repository.js";
import { BookContentRepository } from "./data/book-content.repository.js";
import type { FileStore } from "./data/file-store.js";
import { MediaRepository } from "./data/media.repository.js";
import { PageAudioRepository } from "./data/page-audio.repository.js";
import type { RemotePictureLimits } from "./data/remote-picture.js";
import { espeakSpeech, type SpeakText } from "./data/speech.js";
import type { SpeechRate } from "./domain/page-audio.js";
import { type BookHandlerDependencies, bookHandlers } from "./handlers/book.handlers.js";
import { bookCommentHandlers } from "./handlers/book-comments.handlers.js";
import { bookContentHandlers } from "./handlers/book-content.handlers.js";
import { bookPagesHandlers, type ConversionJob } from "./handlers/book-pages.handlers.js";
import { mediaHandlers } from "./handlers/media.handlers.js";
import { pageAudioHandlers } from "./handlers/page-audio.handlers.js";
import { pictureHandlers } from "./handlers/picture.handlers.js";
import { teamBookActor, withTeamBookAccess } from "./handlers/team-book-access.js";

export interface BookServiceDependencies extends BookHandlerDependencies {
  /** Defaults to a repository on the books' connection. */
  content?: BookContentRepository;
  /** Defaults to a repository on the books' connection. */
  comments?: BookCommentRepository;
  /** Media items on pages; defaults to a repository on the books' connection. */
  media?: MediaRepository;
  /** Page audio; defaults to a repository on the books' connection. */
  pageAudio?: PageAudioRepository;
  /** How page speech is generated; defaults to espeak-ng and lame on this machine. */
  speak?: SpeakText;
  /** Speech generations per user (a sliding window); defaults to 30 in 10 minutes. */
  speechRate?: SpeechRate;
  /** The largest video upload-file takes (config MEDIA_VIDEO_MAX_BYTES); unset: spec 000's 10 MB. */
  videoMaxBytes?: number;
  /** S3 (assets bucket, books bucket read-only); without it uploads and PDF downloads answer UNAVAILABLE. */
  files?: FileStore;
  /** How pictures typed as URLs on other sites are fetched to be measured; unset: they are not fetched. */
  remotePictures?: RemotePictureLimits;
  /** Hosts an owner's external PDF download URL may redirect to (PDF_DOWNLOAD_HOSTS). */
  pdfDownloadHosts?: readonly string[];
  log?: Logger;
  now?: () => Date;
  /** Puts a page edit's job on the conversion work queue; without it page edits answer UNAVAILABLE. */
  requestConversion?: (job: ConversionJob) => Promise<void>;
}

export function buildServices(dependencies: BookServiceDependencies): ServiceRegistration[] {
  const content = dependencies.content ?? new BookContentRepository(dependencies.books.connection);
  const comments = dependencies.comments ?? new BookCommentRepository(dependencies.books.connection);
  const media = dependencies.media ?? new MediaRepository(dependencies.books.connection);
  const pageAudio = dependencies.pageAudio ?? new PageAudioRepository(dependencies.books.connection);
  const measurePicture = pictureMeasurer(content, dependencies.files, dependencies.remotePictures);
  return [
    serve(
      BookService,
      withTeamBookAccess(
        {
          ...bookHandlers({
            ...dependencies,
            brandsOf: (ownerId) => content.brands(ownerId, ""),
            cardOf: (ownerId, cardId) => content.card(ownerId, cardId),
            measurePicture,
            pageAudio,
          }),
          ...pictureHandlers({ measurePicture }),
          ...bookContentHandlers({
            ...dependencies,
            content,
            comments,
            media,
            pageAudio,
            files: dependencies.files,
            log: dependencies.log,
            now: dependencies.now ?? (() => new Date()),
          }),
          ...bookCommentHandlers({
            books: dependencies.books,
            power: dependencies.power,
            comments,
            log: dependencies.log,
            now: dependencies.now ?? (() => new Date()),
          }),
          ...mediaHandlers({
            books: dependencies.books,
            media,
            log: dependencies.log,
            now: dependencies.now ?? (() => new Date()),
          }),
          ...pageAudioHandlers({
            books: dependencies.books,
            content,
            pageAudio,
            files: dependencies.files,
            speak: dependencies.speak ?? espeakSpeech(),
            speechRate: dependencies.speechRate,
            log: dependencies.log,
            now: dependencies.now ?? (() => new Date()),
          }),
        },
        dependencies,
      ),
    ),
    serve(
      BookPagesService,
      bookPagesHandlers({
        books: dependencies.books,
        revisions: dependencies.revisions,
        requestConversion: dependencies.requestConversion,
        actingUser: teamBookActor(dependencies),
        log: dependencies.log,
      }),
    ),
  ];
}
