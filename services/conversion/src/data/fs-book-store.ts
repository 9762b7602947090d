/**
 * The book storage as folders on disk, for conversions run in-process by the desktop tool (`turnleaf import`):
 * sources are read from local paths, the book's files are written under a folder. With `revisionPrefix` the
 * folder holds one book revision: keys under that prefix (`books/<id>/r<n>/pages/1/1131.webp`) become paths
 * relative to the folder (`pages/1/1131.webp`), so the folder is exactly the book folder the manifest describes.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isManifest, type Manifest } from "@turnleaf/book-format";
import { type BookStorage, SourceMissingError } from "./book-store.js";

export interface FsBookStoreOptions {
  /** Where relative source keys are resolved (absolute keys are used as they are). */
  sourcesDir: string;
  /** Where the book's files are written. */
  booksDir: string;
  /** When set, only keys under it are stored, relative to booksDir (a folder of one revision). */
  revisionPrefix?: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export class FsBookStore implements BookStorage {
  private readonly booksDir: string;

  constructor(private readonly options: FsBookStoreOptions) {
    this.booksDir = resolve(options.booksDir);
  }

  /** The file of a key; refuses keys outside the store (another revision, `..`, absolute). */
  pathOf(key: string): string {
    const prefix = this.options.revisionPrefix;
    let relativeKey = key;
    if (prefix !== undefined) {
      if (!key.startsWith(prefix)) throw new Error(`key ${key} is outside the stored revision ${prefix}`);
      relativeKey = key.slice(prefix.length);
    }
    const path = resolve(this.booksDir, relativeKey);
    const inside = relative(this.booksDir, path);
    if (inside === "" || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside)) {
      throw new Error(`key ${key} is outside the book folder`);
    }
    return path;
  }

  async downloadSource(key: string, file: string): Promise<void> {
    try {
      await copyFile(resolve(this.options.sourcesDir, key), file);
    } catch (error) {
      if (isMissing(error)) throw new SourceMissingError(key);
      throw error;
    }
  }

  async downloadBookFile(key: string, file: string): Promise<void> {
    await copyFile(this.pathOf(key), file);
  }

  async put(key: string, body: Buffer | Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
  }

  async putJson(key: string, value: unknown): Promise<void> {
    await this.put(key, Buffer.from(JSON.stringify(value)));
  }

  async putFile(key: string, file: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await copyFile(file, path);
  }

  async getJson(key: string): Promise<unknown | undefined> {
    let text: string;
    try {
      text = await readFile(this.pathOf(key), "utf8");
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    return JSON.parse(text) as unknown;
  }

  async getManifest(key: string): Promise<Manifest | undefined> {
    const value = await this.getJson(key);
    return isManifest(value) ? value : undefined;
  }

  async list(prefix: string): Promise<string[]> {
    const root = this.options.revisionPrefix ?? "";
    let entries: string[];
    try {
      entries = (await readdir(this.booksDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => relative(this.booksDir, join(entry.parentPath, entry.name)).split(sep).join("/"));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return entries
      .map((path) => `${root}${path}`)
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  async copy(from: string, to: string): Promise<void> {
    const path = this.pathOf(to);
    await mkdir(dirname(path), { recursive: true });
    await copyFile(this.pathOf(from), path);
  }

  async removePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
    return keys.length;
  }
}
