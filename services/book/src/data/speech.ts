import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DomainError } from "@turnleaf/kit";
import { pageAudioLimits, pageAudioTexts, type SpeechVoice, speechVoices } from "../domain/page-audio.js";

/** What a generation answers: the MP3's bytes and its length in seconds. */
export interface Speech {
  mp3: Buffer;
  durationSeconds: number;
}

export type SpeakText = (input: { text: string; voice: SpeechVoice; speed: number }) => Promise<Speech>;

const run = (command: string, args: string[], timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024 }, (error) =>
      error ? reject(error) : resolve(),
    );
  });

/**
 * Speaks a text with espeak-ng to a WAV file and encodes it to MP3 with lame (64 kbit/s mono), each in a process of
 * its own under a time limit (20 s for both); the text goes through a file, never the command line. At most
 * `parallel` generations run at once in this process and at most `queued` more wait: beyond that a request is
 * refused at once (busy) rather than held, so a caller waits at most about two time limits (the gateway gives the
 * call 45 s).
 */
export function espeakSpeech(options: { parallel?: number; queued?: number; timeoutMs?: number } = {}): SpeakText {
  const parallel = options.parallel ?? 2;
  const queued = options.queued ?? 2;
  const timeoutMs = options.timeoutMs ?? pageAudioLimits.speechTimeoutMs;
  let running = 0;
  const waiting: Array<() => void> = [];
  const acquire = async () => {
    if (running < parallel) {
      running++;
      return;
    }
    if (waiting.length >= queued) throw new DomainError("RATE_LIMITED", pageAudioTexts.speechBusy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async ({ text, voice, speed }) => {
    await acquire();
    const folder = await mkdtemp(join(tmpdir(), "turnleaf-speech-"));
    try {
      const started = Date.now();
      const textFile = join(folder, "text.txt");
      const wav = join(folder, "speech.wav");
      const mp3 = join(folder, "speech.mp3");
      await writeFile(textFile, text, "utf8");
      await run("espeak-ng", ["-v", speechVoices[voice], "-s", String(speed), "-w", wav, "-f", textFile], timeoutMs);
      const wavBytes = (await stat(wav)).size;
      const left = Math.max(1000, timeoutMs - (Date.now() - started));
      // -q 9: lame's fastest algorithm, about three times faster than its default for speech (measured: 315 s of
      // Mandarin in 4.4 s instead of 14 s on a loaded 2-core machine) at the same 64 kbit/s.
      await run("lame", ["--quiet", "-q", "9", "-m", "m", "-b", "64", wav, mp3], left);
      // espeak-ng writes 16-bit mono PCM at 22050 Hz after a 44-byte header.
      const durationSeconds = Math.max(0, (wavBytes - 44) / (22_050 * 2));
      return { mp3: await readFile(mp3), durationSeconds: Math.round(durationSeconds * 100) / 100 };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError("UNAVAILABLE", pageAudioTexts.speechFailed, {
        details: { reason: (error as Error).message.slice(0, 200) },
      });
    } finally {
      release();
      await rm(folder, { recursive: true, force: true });
    }
  };
}
