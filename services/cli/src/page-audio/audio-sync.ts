/**
 * Page audio as one more part a project and its online book share (#34 item 1, issue #37): upload writes each page's
 * audio through the editor's paths (services/gateway/rest/page-audio.md) — a speech page as a speech request, so the
 * book service speaks it, an MP3 page uploaded as a file (upload-file, purpose audio) — and the play settings; pull
 * writes the pages back in the project's form (./page-audio-format.ts) and downloads their MP3s into audio/.
 * ../project-sync.ts calls these beside the other parts.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { PageAudioEntry } from "@turnleaf/resource-files";
import type { Cloud } from "../cloud.js";
import { CliError, exitCodes } from "../errors.js";
import { text as catalogueText } from "../i18n/text.js";
import { uploadedFile } from "../media-files.js";
import {
  audioFolder,
  defaultPlay,
  type ProjectPageAudio,
  type ProjectPageAudioEntry,
  pageAudioLimits,
  projectPageAudio,
} from "./page-audio-format.js";

/** A page's audio as get-page-audio answers it. */
export type OnlinePageAudioEntry = PageAudioEntry;

export interface OnlinePageAudio {
  pages: OnlinePageAudioEntry[];
  play: ProjectPageAudio["play"];
}

const samePlay = (a: ProjectPageAudio["play"], b: ProjectPageAudio["play"]) =>
  a.autoFlip === b.autoFlip && a.pauseSeconds === b.pauseSeconds && a.pauseWithoutAudio === b.pauseWithoutAudio;

export const readPageAudio = (cloud: Cloud, bookId: string) =>
  cloud.post<OnlinePageAudio>("/api/book/get-page-audio", { bookId });

/** The online part: absent when the book has no page audio and the default play settings. */
export function onlineAudioPart(audio: OnlinePageAudio): OnlinePageAudio | undefined {
  return audio.pages.length === 0 && samePlay(audio.play, defaultPlay) ? undefined : audio;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function localBytes(projectDir: string, file: string): Promise<Buffer> {
  return readFile(join(projectDir, file)).catch(() => {
    throw new CliError(catalogueText("pageAudioFileMissing", { file }), exitCodes.noInput);
  });
}

/** The online MP3's bytes equal the project's (so it is not sent again). */
async function sameBytes(cloud: Cloud, url: string, bytes: Buffer): Promise<boolean> {
  const address = new URL(url, cloud.server);
  if (address.origin !== new URL(cloud.server).origin) return false;
  const response = await cloud.fetch(`${address.pathname}${address.search}`);
  if (response.status !== 200) return false;
  return sha256(new Uint8Array(await response.arrayBuffer())) === sha256(bytes);
}

async function uploadMp3(cloud: Cloud, file: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set("purpose", "audio");
  form.set("file", new Blob([new Uint8Array(bytes)]), basename(file));
  const reply = await cloud.envelope<{ fileId: string; url: string }>(
    await cloud.fetch("/api/common/upload-file", { method: "POST", body: form }),
  );
  return reply.data.fileId ?? uploadedFile(reply.data.url)?.fileId ?? "";
}

const captionFields = (entry: ProjectPageAudioEntry) => ({
  caption: entry.caption ? "1" : "0",
  captionPosition: entry.captionPosition,
});

/**
 * The project's page audio onto the book: each page whose online audio differs is set (speech: the service speaks it;
 * an MP3: uploaded first), pages the project has no audio for are cleared, then the play settings. Nothing when the
 * project has no page audio and the book is new (`replace` false).
 */
export async function pushPageAudio(
  cloud: Cloud,
  projectDir: string,
  bookId: string,
  raw: unknown,
  replace: boolean,
): Promise<void> {
  if (raw === undefined && !replace) return;
  const local = projectPageAudio(raw);
  const online = await readPageAudio(cloud, bookId);
  const wanted = new Set(local.pages.map((entry) => entry.page));
  for (const entry of online.pages) {
    if (!wanted.has(entry.page)) await cloud.post("/api/book/clear-page-audio", { bookId, page: String(entry.page) });
  }
  for (const entry of local.pages) {
    const there = online.pages.find((candidate) => candidate.page === entry.page);
    const sameCaption =
      there !== undefined &&
      there.source === entry.source &&
      there.text === entry.text &&
      there.caption === entry.caption &&
      there.captionPosition === entry.captionPosition;
    if (entry.source === "speech") {
      const voice = entry.voice ?? "zh";
      const speed = entry.speed ?? pageAudioLimits.speedDefault;
      if (sameCaption && there?.voice === voice && there.speed === speed) continue;
      await cloud.post("/api/book/set-page-speech", {
        bookId,
        page: String(entry.page),
        text: entry.text,
        voice,
        speed: String(speed),
        ...captionFields(entry),
      });
    } else {
      const bytes = await localBytes(projectDir, entry.file);
      if (sameCaption && there && (await sameBytes(cloud, there.url, bytes))) continue;
      const fileId = await uploadMp3(cloud, entry.file, bytes);
      await cloud.post("/api/book/set-page-audio-file", {
        bookId,
        page: String(entry.page),
        fileId,
        text: entry.text,
        ...captionFields(entry),
      });
    }
  }
  if (!samePlay(local.play, online.play)) {
    await cloud.post("/api/book/save-page-audio-play", {
      bookId,
      autoFlip: local.play.autoFlip ? "1" : "0",
      pauseSeconds: String(local.play.pauseSeconds),
      pauseWithoutAudio: local.play.pauseWithoutAudio ? "1" : "0",
    });
  }
}

/** The online part in the project's form: each page's MP3 as audio/page-<n>.mp3. */
export function projectAudioOf(online: OnlinePageAudio): ProjectPageAudio {
  return {
    pages: online.pages.map((entry) => ({
      page: entry.page,
      source: entry.source,
      file: `${audioFolder}/page-${entry.page}.mp3`,
      text: entry.text,
      ...(entry.source === "speech" ? { voice: entry.voice, speed: entry.speed } : {}),
      caption: entry.caption,
      captionPosition: entry.captionPosition,
    })),
    play: { ...online.play },
  };
}

/**
 * Each pulled page's MP3 from the book into the project (`fresh`: the online audio changed since the last sync, so
 * files already there are replaced too).
 */
export async function fetchPageAudio(
  projectDir: string,
  pulled: unknown,
  online: OnlinePageAudio | undefined,
  fresh: boolean,
  download: (url: string, target: string) => Promise<void>,
): Promise<void> {
  for (const entry of projectPageAudio(pulled).pages) {
    const target = join(projectDir, entry.file);
    if (!fresh && existsSync(target)) continue;
    const there = online?.pages.find((candidate) => candidate.page === entry.page);
    if (there?.url) await download(there.url, target);
  }
}
