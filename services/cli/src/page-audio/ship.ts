/**
 * Page audio in the published offline flipbook (issue #37): the project's audio files are copied next to
 * index.html (`<assets>audio/page-<n>.mp3`) and the reader's book gets `pageAudio` with those relative addresses, so
 * the flipbook opened from disk plays them with no server.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { audioFolder, projectPageAudio } from "./page-audio-format.js";

export async function shipPageAudio(input: {
  projectDir: string;
  flipBook: string;
  assets: string;
  raw: unknown;
  pageCount: number;
}) {
  const pageAudio = projectPageAudio(input.raw, input.pageCount);
  const pages = pageAudio.pages.filter((entry) => existsSync(join(input.projectDir, entry.file)));
  if (pages.length === 0) return undefined;
  await mkdir(join(input.flipBook, input.assets, audioFolder), { recursive: true });
  for (const entry of pages)
    await copyFile(join(input.projectDir, entry.file), join(input.flipBook, input.assets, entry.file));
  return {
    pages: pages.map(({ file, ...entry }) => ({ ...entry, url: `${input.assets}${file}` })),
    play: pageAudio.play,
  };
}
