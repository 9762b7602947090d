/**
 * Page audio of a local project (issue #37, spec 001 §2 page audio editor): project.json `pageAudio` holds each
 * page's audio — speech spoken here with espeak-ng (./local-speech.ts) or an MP3 given by the user — as a file of
 * the project's `audio/` folder, with its caption options, and the book's play settings. The same shape as the
 * hosted editor's get-page-audio (services/gateway/rest/page-audio.md) with `file` (a path in the project) in
 * place of the served `url`; `turnleaf publish` ships the files in the flipbook (./ship.ts).
 */
import { copyFile, mkdir, readFile, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../atomic-write.js";
import type { Context } from "../context.js";
import { CliError, exitCodes, UsageError } from "../errors.js";
import { text as catalogueText } from "../i18n/text.js";
import { validatePath } from "../paths.js";
import { readProject } from "../project.js";
import { speakToMp3 } from "./local-speech.js";
import {
  audioFolder,
  isMp3Head,
  type ProjectPageAudio,
  type ProjectPageAudioEntry,
  pageAudioLimits,
  projectPageAudio,
} from "./page-audio-format.js";

export interface ProjectAudioOptions {
  project: string | undefined;
  /** A page number, or "all" with --clear; absent: only the play settings (or a listing). */
  page: string | undefined;
  tts: string | undefined;
  voice: string | undefined;
  speed: string | undefined;
  mp3: string | undefined;
  text: string | undefined;
  clear: boolean;
  caption: string | undefined;
  autoFlip: string | undefined;
  pause: string | undefined;
  pauseWithoutAudio: string | undefined;
  json: boolean;
}

const onOff = (option: string, value: string | undefined): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === "on") return true;
  if (value === "off") return false;
  throw new UsageError(catalogueText("pageAudioBadSwitch", { option }));
};

function captionOf(
  value: string | undefined,
  before?: ProjectPageAudioEntry,
): Pick<ProjectPageAudioEntry, "caption" | "captionPosition"> {
  if (value === undefined) {
    return before
      ? { caption: before.caption, captionPosition: before.captionPosition }
      : { caption: false, captionPosition: "bottom" as const };
  }
  if (value === "off") return { caption: false, captionPosition: before?.captionPosition ?? ("bottom" as const) };
  if (value === "top" || value === "bottom") return { caption: true, captionPosition: value };
  throw new UsageError(catalogueText("pageAudioBadCaption"));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

function cleanText(text: string): string {
  return text.normalize("NFC").replace(controlCharacters, "").trim();
}

async function saveAudio(projectDir: string, pageAudio: ProjectPageAudio): Promise<void> {
  const path = join(projectDir, "project.json");
  const project = JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
  project.pageAudio = pageAudio;
  await writeFileAtomic(path, `${JSON.stringify(project, null, 2)}\n`);
}

export async function projectAudio(context: Context, options: ProjectAudioOptions): Promise<void> {
  const t = context.t;
  const projectDir = resolve(context.cwd, validatePath(options.project, "pathProject"));
  const { project } = await readProject(projectDir);
  const pageAudio = projectPageAudio(project.pageAudio);
  const sources = [options.tts !== undefined, options.mp3 !== undefined, options.clear].filter(Boolean).length;
  if (sources > 1) throw new UsageError(catalogueText("pageAudioOneSource"));
  const playChange = {
    autoFlip: onOff("--auto-flip", options.autoFlip),
    pauseWithoutAudio: onOff("--pause-without-audio", options.pauseWithoutAudio),
    pause: options.pause,
  };
  const changesPlay = Object.values(playChange).some((value) => value !== undefined);
  if (sources === 0 && options.page !== undefined) throw new UsageError(catalogueText("pageAudioUsage"));

  const notes: string[] = [];
  if (sources === 1) {
    const all = options.clear && options.page === "all";
    const page = Number(options.page);
    if (!all && !(Number.isInteger(page) && page >= 1 && page <= project.pageCount)) {
      throw new CliError(catalogueText("pageAudioBadPage", { page: options.page ?? "", count: project.pageCount }));
    }
    const before = pageAudio.pages.find((entry) => entry.page === page);
    if (options.clear) {
      const gone = all ? pageAudio.pages : before ? [before] : [];
      for (const entry of gone) await rm(join(projectDir, entry.file), { force: true });
      pageAudio.pages = pageAudio.pages.filter((entry) => !gone.includes(entry));
      notes.push(t("pageAudioCleared", { count: gone.length }));
    } else {
      const caption = captionOf(options.caption, before);
      const file = `${audioFolder}/page-${page}.mp3`;
      await mkdir(join(projectDir, audioFolder), { recursive: true });
      let entry: ProjectPageAudioEntry;
      if (options.tts !== undefined) {
        const text = cleanText(options.tts);
        if (text === "") throw new CliError(catalogueText("pageAudioTextRequired"));
        if ([...text].length > pageAudioLimits.textLength) {
          throw new CliError(catalogueText("pageAudioTextTooLong", { max: pageAudioLimits.textLength }));
        }
        const voice = options.voice ?? "zh";
        if (voice !== "zh" && voice !== "en")
          throw new CliError(catalogueText("pageAudioBadVoice", { voices: "zh, en" }));
        const speed = options.speed === undefined ? pageAudioLimits.speedDefault : Number(options.speed);
        if (!Number.isInteger(speed) || speed < pageAudioLimits.speedMin || speed > pageAudioLimits.speedMax) {
          throw new CliError(
            catalogueText("pageAudioBadSpeed", { min: pageAudioLimits.speedMin, max: pageAudioLimits.speedMax }),
          );
        }
        await speakToMp3({ text, voice, speed, target: join(projectDir, file) });
        entry = { page, source: "speech", file, text, voice, speed, ...caption };
      } else {
        const source = resolve(context.cwd, validatePath(options.mp3, "pathFile"));
        const size = (await stat(source).catch(() => null))?.size;
        if (size === undefined)
          throw new CliError(catalogueText("pageAudioNotMp3", { file: source }), exitCodes.noInput);
        if (size > pageAudioLimits.fileBytes)
          throw new CliError(catalogueText("pageAudioTooLarge", { file: source, max: "10 MB" }));
        const head = (await readFile(source)).subarray(0, 16);
        if (!source.toLowerCase().endsWith(".mp3") || !isMp3Head(head)) {
          throw new CliError(catalogueText("pageAudioNotMp3", { file: source }));
        }
        await copyFile(source, join(projectDir, file));
        entry = { page, source: "file", file, text: cleanText(options.text ?? "").slice(0, 1000), ...caption };
      }
      pageAudio.pages = [...pageAudio.pages.filter((candidate) => candidate.page !== page), entry].sort(
        (a, b) => a.page - b.page,
      );
      notes.push(t("pageAudioSet", { page, file }));
    }
  }
  if (changesPlay) {
    const pause = playChange.pause === undefined ? pageAudio.play.pauseSeconds : Number(playChange.pause);
    if (!Number.isInteger(pause) || pause < 0 || pause > pageAudioLimits.pauseMaxSeconds) {
      throw new CliError(catalogueText("pageAudioBadPause", { max: pageAudioLimits.pauseMaxSeconds }));
    }
    pageAudio.play = {
      autoFlip: playChange.autoFlip ?? pageAudio.play.autoFlip,
      pauseSeconds: pause,
      pauseWithoutAudio: playChange.pauseWithoutAudio ?? pageAudio.play.pauseWithoutAudio,
    };
    notes.push(t("pageAudioPlaySaved"));
  }
  if (sources > 0 || changesPlay) await saveAudio(projectDir, pageAudio);

  if (options.json) {
    context.print(JSON.stringify(pageAudio));
    return;
  }
  for (const note of notes) context.print(note);
  if (notes.length > 0) return;
  if (pageAudio.pages.length === 0) context.print(t("pageAudioNone"));
  for (const entry of pageAudio.pages)
    context.print(t("pageAudioLine", { page: entry.page, file: entry.file, text: entry.text }));
  const onOffText = (value: boolean) => (value ? "on" : "off");
  context.print(
    t("pageAudioPlayLine", {
      autoFlip: onOffText(pageAudio.play.autoFlip),
      pause: pageAudio.play.pauseSeconds,
      pauseWithoutAudio: onOffText(pageAudio.play.pauseWithoutAudio),
    }),
  );
}
