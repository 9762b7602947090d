/**
 * Page audio as REST (get-page-audio, services/gateway/rest/page-audio.md) and book.json carry it (issue #37): each
 * page's audio file, its caption and the book's play settings. The one shape the gateway, the CLI, the editor and
 * the reader share; the book service checks every field.
 */
export interface PageAudioEntry {
  page: number;
  source: "speech" | "file";
  /** The MP3: /api/common/file/… on the hosted reader, files/audio/… beside an offline flipbook's index.html. */
  url: string;
  text: string;
  voice?: string;
  speed?: number;
  caption: boolean;
  captionPosition: "top" | "bottom";
  durationSeconds?: number;
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
