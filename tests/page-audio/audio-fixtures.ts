import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A tone of `seconds` as a 16-bit mono WAV at 22050 Hz. */
export function toneWav(seconds: number, hertz = 440): Buffer {
  const rate = 22_050;
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hertz * index) / rate) * 8000), 44 + index * 2);
  }
  return wav;
}

/** The tone encoded to MP3 by lame (the narration an owner would upload). */
export function toneMp3(seconds: number, hertz = 440): Buffer {
  const folder = mkdtempSync(join(tmpdir(), "turnleaf-tone-"));
  try {
    writeFileSync(join(folder, "tone.wav"), toneWav(seconds, hertz));
    execFileSync("lame", ["--quiet", "-b", "64", join(folder, "tone.wav"), join(folder, "tone.mp3")]);
    return readFileSync(join(folder, "tone.mp3"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
