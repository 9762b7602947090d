/**
 * Speech spoken on this machine for a project's page (issue #37): espeak-ng writes a WAV, lame (else ffmpeg)
 * encodes it to MP3 — the same tools the book service runs. The text goes through a file, never the command line.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CliError, exitCodes } from "../errors.js";
import { text } from "../i18n/text.js";

const voices = { zh: "cmn", en: "en" } as const;

const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    execFile(command, args, { timeout: 60_000, killSignal: "SIGKILL" }, (error) => (error ? reject(error) : resolve()));
  });

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export async function speakToMp3(input: {
  text: string;
  voice: "zh" | "en";
  speed: number;
  target: string;
}): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), "turnleaf-speech-"));
  try {
    const textFile = join(folder, "text.txt");
    const wav = join(folder, "speech.wav");
    const mp3 = join(folder, "speech.mp3");
    await writeFile(textFile, input.text, "utf8");
    try {
      await run("espeak-ng", ["-v", voices[input.voice], "-s", String(input.speed), "-w", wav, "-f", textFile]);
    } catch (error) {
      if (missing(error)) throw new CliError(text("pageAudioNoSpeech"), exitCodes.unavailable);
      throw new CliError(text("pageAudioSpeechFailed", { reason: (error as Error).message }));
    }
    try {
      await run("lame", ["--quiet", "-m", "m", "-b", "64", wav, mp3]);
    } catch (error) {
      if (!missing(error)) throw new CliError(text("pageAudioSpeechFailed", { reason: (error as Error).message }));
      try {
        await run("ffmpeg", ["-loglevel", "error", "-y", "-i", wav, "-codec:a", "libmp3lame", "-b:a", "64k", mp3]);
      } catch (fallback) {
        if (missing(fallback)) throw new CliError(text("pageAudioNoSpeech"), exitCodes.unavailable);
        throw new CliError(text("pageAudioSpeechFailed", { reason: (fallback as Error).message }));
      }
    }
    await rename(mp3, input.target).catch(async () => {
      // Another file system: copy through a read.
      const { copyFile } = await import("node:fs/promises");
      await copyFile(mp3, input.target);
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
