/**
 * A revision's files kept in a folder of the revision (a page edit renders its inserted file as a book of its own
 * in `_inserted/`, then moves the pages to their places): every key under the revision's folder is mapped into it,
 * by the replica coordinating the edit and by every replica rendering its work items alike.
 */
import type { BookStorage } from "./book-store.js";

/** The books bucket seen with one revision's folder moved into a folder of itself (`folder` ends with "/"). */
export class FolderStore implements BookStorage {
  constructor(
    private readonly store: BookStorage,
    private readonly revisionPrefix: string,
    private readonly folder: string,
  ) {}

  private map(key: string): string {
    return key.startsWith(this.revisionPrefix)
      ? `${this.revisionPrefix}${this.folder}${key.slice(this.revisionPrefix.length)}`
      : key;
  }

  downloadSource(key: string, file: string) {
    return this.store.downloadSource(key, file);
  }
  downloadBookFile(key: string, file: string) {
    return this.store.downloadBookFile(this.map(key), file);
  }
  put(key: string, body: Buffer | Uint8Array, cacheControl?: string) {
    return this.store.put(this.map(key), body, cacheControl);
  }
  putJson(key: string, value: unknown, cacheControl?: string) {
    return this.store.putJson(this.map(key), value, cacheControl);
  }
  putFile(key: string, file: string) {
    return this.store.putFile(this.map(key), file);
  }
  getJson(key: string) {
    return this.store.getJson(this.map(key));
  }
  getManifest(key: string) {
    return this.store.getManifest(this.map(key));
  }
  async list(prefix: string) {
    const scratch = `${this.revisionPrefix}${this.folder}`;
    const keys = await this.store.list(this.map(prefix));
    return keys.map((key) => (key.startsWith(scratch) ? `${this.revisionPrefix}${key.slice(scratch.length)}` : key));
  }
  copy(from: string, to: string) {
    return this.store.copy(this.map(from), this.map(to));
  }
  removePrefix(prefix: string) {
    return this.store.removePrefix(this.map(prefix));
  }
}
