/**
 * project.json `pageAudio` (issue #37): read and checked here, for the project command and for publish (the file
 * is one anyone may have edited: entries off the book, paths out of the audio folder or broken values are dropped).
 */
export const audioFolder = "audio";

export const pageAudioLimits = {
  textLength: 1000,
  speedMin: 80,
  speedMax: 450,
  speedDefault: 175,
  pauseMaxSeconds: 60,
  /** An MP3's size, as upload-file's audio limit (10 MB). */
  fileBytes: 10_485_760,
} as const;

export interface ProjectPageAudioEntry {
  page: number;
  source: "speech" | "file";
  /** The MP3, relative to the project folder: audio/page-<n>.mp3. */
  file: string;
  text: string;
  voice?: string;
  speed?: number;
  caption: boolean;
  captionPosition: "top" | "bottom";
}

export interface ProjectPageAudio {
  pages: ProjectPageAudioEntry[];
  play: { autoFlip: boolean; pauseSeconds: number; pauseWithoutAudio: boolean };
}

export const defaultPlay = { autoFlip: true, pauseSeconds: 1, pauseWithoutAudio: false };

/** An MP3's first bytes: an ID3 tag or an MPEG audio frame sync. */
export function isMp3Head(head: Uint8Array): boolean {
  if (head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) return true;
  return head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0;
}

function entryOf(raw: unknown, pageCount: number): ProjectPageAudioEntry | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const entry = raw as Record<string, unknown>;
  const page = entry.page;
  if (typeof page !== "number" || !Number.isInteger(page) || page < 1 || (pageCount > 0 && page > pageCount)) {
    return undefined;
  }
  if (typeof entry.file !== "string" || !/^audio\/page-\d{1,5}\.mp3$/.test(entry.file)) return undefined;
  return {
    page,
    source: entry.source === "file" ? "file" : "speech",
    file: entry.file,
    text: typeof entry.text === "string" ? entry.text.slice(0, pageAudioLimits.textLength) : "",
    ...(typeof entry.voice === "string" ? { voice: entry.voice } : {}),
    ...(typeof entry.speed === "number" ? { speed: entry.speed } : {}),
    caption: entry.caption === true,
    captionPosition: entry.captionPosition === "top" ? "top" : "bottom",
  };
}

/** project.json's `pageAudio`, checked; anything else (absent, broken) is no page audio. */
export function projectPageAudio(raw: unknown, pageCount = 0): ProjectPageAudio {
  const value = (raw && typeof raw === "object" ? raw : {}) as { pages?: unknown; play?: unknown };
  const pages = Array.isArray(value.pages)
    ? value.pages.map((entry) => entryOf(entry, pageCount)).filter((entry) => entry !== undefined)
    : [];
  const play = (value.play && typeof value.play === "object" ? value.play : {}) as Record<string, unknown>;
  const pause = play.pauseSeconds;
  return {
    pages,
    play: {
      autoFlip: typeof play.autoFlip === "boolean" ? play.autoFlip : defaultPlay.autoFlip,
      pauseSeconds:
        typeof pause === "number" && Number.isInteger(pause) && pause >= 0 && pause <= pageAudioLimits.pauseMaxSeconds
          ? pause
          : defaultPlay.pauseSeconds,
      pauseWithoutAudio: play.pauseWithoutAudio === true,
    },
  };
}
