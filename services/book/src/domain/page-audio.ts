import { type CodedMessage, DomainError, memoryRateLimit, message, type RateLimit } from "@turnleaf/kit";

/**
 * Page audio (spec 001 §2 "page audio editor", §3 page audio, §4 display mode; issue #37): the rules of one page's
 * audio — generated speech or an uploaded MP3 — its caption, and the book's play settings. Pure: no I/O.
 */
export const pageAudioLimits = {
  /** Characters of text one page may speak (espeak-ng speaks ~15 characters a second: about a minute of Chinese). */
  textLength: 1000,
  captionLength: 1000,
  speedMin: 80,
  speedMax: 450,
  speedDefault: 175,
  pauseMaxSeconds: 60,
  /** Speech generations per user in a window (kept by the service process). */
  speechPerWindow: 30,
  speechWindowMs: 10 * 60 * 1000,
  /** How long one generation (speaking and encoding) may take before it is stopped and refused. */
  speechTimeoutMs: 20_000,
} as const;

/** Spoken languages: the espeak-ng voice each maps to. */
export const speechVoices = { zh: "cmn", en: "en" } as const;
export type SpeechVoice = keyof typeof speechVoices;
export const captionPositions = ["bottom", "top"] as const;
export type CaptionPosition = (typeof captionPositions)[number];

export interface StoredPageAudio {
  page: number;
  source: "speech" | "file";
  text: string;
  voice: string;
  speed: number;
  fileId: string;
  fileName: string;
  caption: boolean;
  captionPosition: CaptionPosition;
  durationSeconds: number;
}

export interface PageAudioPlay {
  autoFlip: boolean;
  pauseSeconds: number;
  pauseWithoutAudio: boolean;
}

export const defaultPlay: PageAudioPlay = { autoFlip: true, pauseSeconds: 1, pauseWithoutAudio: false };

export const pageAudioTexts = {
  badPage: message("pageAudio.badPage"),
  textRequired: message("pageAudio.textRequired"),
  textTooLong: message("pageAudio.textTooLong", { max: pageAudioLimits.textLength }),
  badVoice: message("pageAudio.badVoice", { voices: Object.keys(speechVoices).join(", ") }),
  badSpeed: message("pageAudio.badSpeed", { min: pageAudioLimits.speedMin, max: pageAudioLimits.speedMax }),
  badCaptionPosition: message("pageAudio.badCaptionPosition"),
  badPause: message("pageAudio.badPause", { max: pageAudioLimits.pauseMaxSeconds }),
  notMp3: message("pageAudio.notMp3"),
  speechFailed: message("pageAudio.speechFailed"),
  speechBusy: message("pageAudio.speechBusy"),
  clearConfirm: message("pageAudio.clearConfirm"),
} satisfies Record<string, CodedMessage>;

const invalid = (coded: CodedMessage, field: string) =>
  new DomainError("INVALID_ARGUMENT", coded, { details: { field } });

/** Control characters (a line break and a tab kept), trimmed, NFC. */
export function cleanText(text: string): string {
  return (
    text
      .normalize("NFC")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "")
      .trim()
  );
}

export function checkPage(page: number, pageCount: number): number {
  if (!Number.isInteger(page) || page < 1 || (pageCount > 0 && page > pageCount)) {
    throw invalid(pageAudioTexts.badPage, "page");
  }
  return page;
}

function captionOf(input: { caption: boolean; captionPosition: string }): {
  caption: boolean;
  captionPosition: CaptionPosition;
} {
  const position = input.captionPosition === "" ? "bottom" : input.captionPosition;
  if (!(captionPositions as readonly string[]).includes(position)) {
    throw invalid(pageAudioTexts.badCaptionPosition, "captionPosition");
  }
  return { caption: input.caption, captionPosition: position as CaptionPosition };
}

export interface SpeechInput {
  page: number;
  text: string;
  voice: string;
  speed: number;
  caption: boolean;
  captionPosition: string;
}

/** A speech request checked: the text to speak, its voice and speed. */
export function speechRequest(input: SpeechInput, pageCount: number) {
  const page = checkPage(input.page, pageCount);
  const text = cleanText(input.text);
  if (text === "") throw invalid(pageAudioTexts.textRequired, "text");
  if ([...text].length > pageAudioLimits.textLength) throw invalid(pageAudioTexts.textTooLong, "text");
  const voice = input.voice === "" ? "zh" : input.voice;
  if (!Object.hasOwn(speechVoices, voice)) throw invalid(pageAudioTexts.badVoice, "voice");
  const speed = input.speed === 0 ? pageAudioLimits.speedDefault : input.speed;
  if (!Number.isInteger(speed) || speed < pageAudioLimits.speedMin || speed > pageAudioLimits.speedMax) {
    throw invalid(pageAudioTexts.badSpeed, "speed");
  }
  return { page, text, voice: voice as SpeechVoice, speed, ...captionOf(input) };
}

/** An uploaded-MP3 request checked (the file itself is checked against the stored asset). */
export function fileRequest(
  input: { page: number; fileId: string; text: string; caption: boolean; captionPosition: string },
  pageCount: number,
) {
  const page = checkPage(input.page, pageCount);
  const text = cleanText(input.text);
  if ([...text].length > pageAudioLimits.captionLength) throw invalid(pageAudioTexts.textTooLong, "text");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(input.fileId)) throw invalid(pageAudioTexts.notMp3, "fileId");
  return { page, text, fileId: input.fileId, ...captionOf(input) };
}

/** An uploaded asset is page audio only as an MP3 of the owner that finished uploading. */
export function isPageMp3(asset: { ownerId: string; contentType: string; state: string } | null, ownerId: string) {
  return asset !== null && asset.ownerId === ownerId && asset.state === "ready" && asset.contentType === "audio/mpeg";
}

export function playSettings(input: PageAudioPlay | undefined): PageAudioPlay {
  if (!input) return { ...defaultPlay };
  if (!Number.isInteger(input.pauseSeconds) || input.pauseSeconds < 0 || input.pauseSeconds > 60) {
    throw invalid(pageAudioTexts.badPause, "pauseSeconds");
  }
  return { autoFlip: input.autoFlip, pauseSeconds: input.pauseSeconds, pauseWithoutAudio: input.pauseWithoutAudio };
}

/** The page display mode a settings change asks for, when it names one (htmlConfig pageMode). */
export function requestedPageMode(bookConfigJson: string): string | undefined {
  if (!bookConfigJson.includes("pageMode")) return undefined;
  try {
    const parsed = JSON.parse(bookConfigJson) as Record<string, unknown>;
    const mode = parsed?.pageMode;
    return typeof mode === "string" ? mode : undefined;
  } catch {
    return undefined;
  }
}

/** Spec 001 §4: a changed display mode clears every page audio, after a confirmation. */
export function displayModeChange(stored: unknown, requested: string | undefined): boolean {
  if (requested === undefined) return false;
  const before = typeof stored === "string" && stored !== "" ? stored : "auto";
  const after = requested === "" ? "auto" : requested;
  return before !== after;
}

/**
 * Speech generations per user in a window (the kit's rate limit in this process's memory: the embedded store runs
 * one book service replica, and the limit guards this process's CPU).
 */
export class SpeechRate {
  private readonly limit: RateLimit;

  constructor(limit: number = pageAudioLimits.speechPerWindow, windowMs: number = pageAudioLimits.speechWindowMs) {
    this.limit = memoryRateLimit("speech", { points: limit, durationSeconds: Math.ceil(windowMs / 1000) });
  }

  /** Counts one generation for the user, or refuses it (RATE_LIMITED) when the window is full. */
  async take(userId: string): Promise<void> {
    const answer = await this.limit.take(userId);
    if (!answer.allowed) {
      throw new DomainError("RATE_LIMITED", pageAudioTexts.speechBusy, {
        details: { retryAfterSeconds: answer.retryAfterSeconds },
      });
    }
  }
}
