import type { PageAudio, PageAudioPlay as PlayMessage } from "@turnleaf/contracts/book/v1/book_page_audio_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, notConfigured, type ServiceImplementation } from "@turnleaf/kit";
import type { BookContentRepository } from "../data/book-content.repository.js";
import type { FileStore } from "../data/file-store.js";
import type { PageAudioRepository } from "../data/page-audio.repository.js";
import type { SpeakText } from "../data/speech.js";
import { assetKey } from "../domain/asset-upload.js";
import { newContentId } from "../domain/book-content.js";
import {
  fileRequest,
  isPageMp3,
  type PageAudioPlay,
  pageAudioTexts,
  playSettings,
  SpeechRate,
  type StoredPageAudio,
  speechRequest,
} from "../domain/page-audio.js";
import type { BookHandlerDependencies } from "./handler-dependencies.js";
import { findOwnBook, findPublishedBook } from "./own-book.js";
import { dropSpeechFiles } from "./page-audio-files.js";

export interface PageAudioDependencies extends BookHandlerDependencies {
  content: BookContentRepository;
  pageAudio: PageAudioRepository;
  files: FileStore | undefined;
  speak: SpeakText;
  /** Speech generations per user; a fresh window per service unless given. */
  speechRate?: SpeechRate;
}

export type PageAudioMethods =
  | "getPageAudio"
  | "setPageSpeech"
  | "setPageAudioFile"
  | "clearPageAudio"
  | "savePageAudioPlay"
  | "getPublishedPageAudio";

const view = (audio: StoredPageAudio): Omit<PageAudio, "$typeName"> => ({ ...audio });
const playView = (play: PageAudioPlay): Omit<PlayMessage, "$typeName"> => ({ ...play });

/**
 * Page audio (issue #37): the owner sets each page's audio — speech generated here (espeak-ng, stored as an MP3
 * asset of the owner) or an MP3 uploaded with upload-file — and the book's play settings; readers get them by the
 * book's link.
 */
export function pageAudioHandlers(
  deps: PageAudioDependencies,
): Pick<ServiceImplementation<typeof BookService>, PageAudioMethods> {
  const { books, content, pageAudio } = deps;
  const rate = deps.speechRate ?? new SpeechRate();

  /** A generated speech file that no page uses any more goes from the store (an uploaded file stays the owner's). */
  const dropReplaced = (replaced: StoredPageAudio | null, ownerId: string) =>
    dropSpeechFiles(deps.files, deps.log, ownerId, [replaced]);

  return {
    async getPageAudio(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const { pages, play } = await pageAudio.list(book.bookId);
      return { pages: pages.map(view), play: playView(play) };
    },

    async setPageSpeech(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const checked = speechRequest(request, book.pageCount ?? 0);
      if (!deps.files) throw notConfigured("file storage");
      await rate.take(book.ownerId);
      const speech = await deps.speak({ text: checked.text, voice: checked.voice, speed: checked.speed });
      const fileId = newContentId();
      const key = assetKey(book.ownerId, fileId);
      const fileName = `page-${checked.page}.mp3`;
      await content.addAsset({
        fileId,
        ownerId: book.ownerId,
        key,
        name: fileName,
        size: speech.mp3.length,
        contentType: "audio/mpeg",
        purpose: "speech",
        state: "pending",
      });
      await deps.files.putAsset(key, speech.mp3, "audio/mpeg");
      await content.markAssetReady(fileId, speech.mp3.length);
      const audio: StoredPageAudio = {
        page: checked.page,
        source: "speech",
        text: checked.text,
        voice: checked.voice,
        speed: checked.speed,
        fileId,
        fileName,
        caption: checked.caption,
        captionPosition: checked.captionPosition,
        durationSeconds: speech.durationSeconds,
      };
      await dropReplaced(await pageAudio.set(book.bookId, audio, deps.now()), book.ownerId);
      deps.log?.info({ bookId: book.bookId, page: audio.page, bytes: speech.mp3.length }, "page speech generated");
      return { audio: view(audio) };
    },

    async setPageAudioFile(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const checked = fileRequest(request, book.pageCount ?? 0);
      const asset = await content.asset(checked.fileId);
      if (!isPageMp3(asset, book.ownerId) || !asset) {
        throw new DomainError("INVALID_ARGUMENT", pageAudioTexts.notMp3, { details: { field: "fileId" } });
      }
      const audio: StoredPageAudio = {
        page: checked.page,
        source: "file",
        text: checked.text,
        voice: "",
        speed: 0,
        fileId: asset.fileId,
        fileName: asset.name,
        caption: checked.caption,
        captionPosition: checked.captionPosition,
        durationSeconds: 0,
      };
      await dropReplaced(await pageAudio.set(book.bookId, audio, deps.now()), book.ownerId);
      return { audio: view(audio) };
    },

    async clearPageAudio(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      if (!Number.isInteger(request.page) || request.page < 0) {
        throw new DomainError("INVALID_ARGUMENT", pageAudioTexts.badPage, { details: { field: "page" } });
      }
      const cleared = await pageAudio.clear(book.bookId, request.page);
      for (const audio of cleared) await dropReplaced(audio, book.ownerId);
      return { cleared: cleared.length };
    },

    async savePageAudioPlay(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const play = playSettings(request.play);
      await pageAudio.savePlay(book.bookId, play, deps.now());
      return { play: playView(play) };
    },

    async getPublishedPageAudio(request) {
      const book = await findPublishedBook(books, request.link);
      const { pages, play } = await pageAudio.list(book.bookId);
      return { pages: pages.map(view), play: playView(play) };
    },
  };
}
