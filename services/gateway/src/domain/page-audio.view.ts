import type { PageAudio, PageAudioPlay as PlayMessage } from "@turnleaf/contracts/book/v1/book_page_audio_pb";
import type { PageAudioEntry, PageAudioPlay } from "@turnleaf/resource-files";

/**
 * Page audio between REST/book.json and the book service (issue #37). A page's audio plays from `url`: the stored
 * MP3 served by the file route (same origin as the reader and the editor).
 */
export type PageAudioView = PageAudioEntry;
export type PageAudioPlayView = PageAudioPlay;

export const pageAudioUrl = (fileId: string, fileName: string) =>
  `/api/common/file/${encodeURIComponent(fileId)}/${encodeURIComponent(fileName || "audio.mp3")}`;

export function pageAudioView(audio: PageAudio): PageAudioView {
  return {
    page: audio.page,
    source: audio.source === "file" ? "file" : "speech",
    url: pageAudioUrl(audio.fileId, audio.fileName),
    text: audio.text,
    ...(audio.source === "speech" ? { voice: audio.voice, speed: audio.speed } : {}),
    caption: audio.caption,
    captionPosition: audio.captionPosition === "top" ? "top" : "bottom",
    ...(audio.durationSeconds > 0 ? { durationSeconds: audio.durationSeconds } : {}),
  };
}

export function pageAudioPlayView(play: PlayMessage | undefined): PageAudioPlayView {
  return {
    autoFlip: play?.autoFlip ?? true,
    pauseSeconds: play?.pauseSeconds ?? 1,
    pauseWithoutAudio: play?.pauseWithoutAudio ?? false,
  };
}

export const pageAudioBookView = (answer: { pages: PageAudio[]; play?: PlayMessage }) => ({
  pages: answer.pages.map(pageAudioView),
  play: pageAudioPlayView(answer.play),
});

/** A password-protected book the reader has not unlocked keeps its locked pages' audio (and captions) back. */
export function withoutLockedAudio<Book extends { pages: PageAudioView[] }>(
  pageAudio: Book | undefined,
  lock: { fromPage: number } | null,
): Book | undefined {
  if (!pageAudio || !lock) return pageAudio;
  const pages = pageAudio.pages.filter((page) => page.page < lock.fromPage);
  return pages.length > 0 ? { ...pageAudio, pages } : undefined;
}
