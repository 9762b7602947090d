import type { PageAudioBook, PageAudioEntry, PageAudioPlay } from "@turnleaf/resource-files";
import { call, callMultipart } from "../api.js";

// One page's audio as get-page-audio answers it (services/gateway/rest/page-audio.md).
export type { PageAudioBook, PageAudioEntry, PageAudioPlay };

export interface CaptionChoice {
  caption: boolean;
  captionPosition: "top" | "bottom";
}

const flag = (value: boolean) => (value ? "1" : "0");

/** The page audio calls of the gateway; the book service checks every value (its texts come back as errors). */
export const pageAudioApi = {
  get: (bookId: string) => call<PageAudioBook>("/api/book/get-page-audio", { bookId }),
  pageCount: async (bookId: string) =>
    (await call<{ pageCount: number }>("/api/book/get-pages", { bookId })).pageCount ?? 0,
  speak: (bookId: string, page: number, text: string, voice: string, speed: number, caption: CaptionChoice) =>
    call<PageAudioEntry>("/api/book/set-page-speech", {
      bookId,
      page,
      text,
      voice,
      speed,
      caption: flag(caption.caption),
      captionPosition: caption.captionPosition,
    }),
  /** Uploads the MP3 (upload-file, purpose audio: type and size checked by the server), then sets it on the page. */
  async uploadFile(bookId: string, page: number, file: File, text: string, caption: CaptionChoice) {
    const body = new FormData();
    body.set("file", file, file.name);
    body.set("purpose", "audio");
    const stored = await callMultipart<{ fileId: string }>("/api/common/upload-file", body);
    return call<PageAudioEntry>("/api/book/set-page-audio-file", {
      bookId,
      page,
      fileId: stored?.fileId ?? "",
      text,
      caption: flag(caption.caption),
      captionPosition: caption.captionPosition,
    });
  },
  clear: (bookId: string, page?: number) =>
    call<{ cleared: number }>("/api/book/clear-page-audio", page ? { bookId, page } : { bookId }),
  savePlay: (bookId: string, play: PageAudioPlay) =>
    call<PageAudioPlay>("/api/book/save-page-audio-play", {
      bookId,
      autoFlip: flag(play.autoFlip),
      pauseSeconds: play.pauseSeconds,
      pauseWithoutAudio: flag(play.pauseWithoutAudio),
    }),
};
