/** The published folder as a ZIP (fflate: deflate, forward-slash names under one top folder). */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { type Zippable, zipSync } from "fflate";

/** Zips the files under `dir` into `zipFile`, their names prefixed with `prefix/`. */
export async function zipFolder(dir: string, prefix: string, zipFile: string, date = new Date()): Promise<void> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const entries: Zippable = {};
  for (const file of files) {
    const name = `${prefix}/${relative(dir, file).split(sep).join("/")}`;
    // Pictures are compressed already: store them, deflate the rest.
    const level = /\.(webp|jpe?g|png|zip)$/i.test(file) ? 0 : 6;
    entries[name] = [await readFile(file), { level, mtime: date }];
  }
  await writeFile(zipFile, zipSync(entries));
}
