/**
 * Page audio as book.json carries it (issue #37; the gateway's services/gateway/src/domain/page-audio.view.ts, and
 * the offline flipbook's copy written by `turnleaf publish`): each page's audio file, its caption and the book's play
 * settings.
 */
export interface PageAudioEntry {
  page: number;
  source: "speech" | "file";
  /** The MP3: /api/common/file/… on the hosted reader, files/audio/… beside an offline flipbook's index.html. */
  url: string;
  text: string;
  caption: boolean;
  captionPosition: "top" | "bottom";
}

export interface PageAudioPlay {
  /** Turn the page once the visible pages' audio has ended (after the pause); false: the reader turns by hand. */
  autoFlip: boolean;
  pauseSeconds: number;
  /** With auto flip: stop at a page without audio (true) or pass it after the pause (false). */
  pauseWithoutAudio: boolean;
}

export interface PageAudioBook {
  pages: PageAudioEntry[];
  play: PageAudioPlay;
}
