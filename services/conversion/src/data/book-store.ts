/**
 * The books bucket (page assets, manifests) and the sources bucket (uploaded originals, read only).
 * Writes are plain puts of deterministic keys, so a repeated job overwrites instead of duplicating.
 */

import { isManifest, type Manifest } from "@turnleaf/book-format";
import type { S3Client } from "@turnleaf/kit/s3";

export interface Buckets {
  sources: string;
  books: string;
}

/** The source object does not exist (removed, or a wrong key in the job). */
export class SourceMissingError extends Error {
  constructor(key: string) {
    super(`source ${key} not found`);
    this.name = "SourceMissingError";
  }
}

const contentTypes: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  json: "application/json",
  pdf: "application/pdf",
};

function contentType(key: string): string {
  return contentTypes[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "NoSuchKey" || code === "NotFound" || code === "NoSuchBucket";
}

/**
 * What the pipeline needs from where books are stored: the S3 buckets in the service (BookStore), a folder on
 * disk for the desktop tool (FsBookStore). Keys are the books bucket's (see bookKeys).
 */
export interface BookStorage {
  /** Copies a source to a local file; SourceMissingError when it does not exist. */
  downloadSource(key: string, file: string): Promise<void>;
  /** Copies an object of the books bucket to a local file (a PDF made from an Office source). */
  downloadBookFile(key: string, file: string): Promise<void>;
  put(key: string, body: Buffer | Uint8Array, cacheControl?: string): Promise<void>;
  putJson(key: string, value: unknown, cacheControl?: string): Promise<void>;
  putFile(key: string, file: string): Promise<void>;
  /** The parsed JSON under a key, undefined when there is none. */
  getJson(key: string): Promise<unknown | undefined>;
  getManifest(key: string): Promise<Manifest | undefined>;
  list(prefix: string): Promise<string[]>;
  /** Copies an object of the books bucket to another key (a page edit reusing a revision's pages). */
  copy(from: string, to: string): Promise<void>;
  /** Removes every object under a prefix (a failed revision); answers how many. */
  removePrefix(prefix: string): Promise<number>;
}

export class BookStore implements BookStorage {
  constructor(
    private readonly s3: S3Client,
    readonly buckets: Buckets,
  ) {}

  async downloadSource(key: string, file: string): Promise<void> {
    try {
      await this.s3.fGetObject(this.buckets.sources, key, file);
    } catch (error) {
      if (isNotFound(error)) throw new SourceMissingError(key);
      throw error;
    }
  }

  async downloadBookFile(key: string, file: string): Promise<void> {
    await this.s3.fGetObject(this.buckets.books, key, file);
  }

  async put(
    key: string,
    body: Buffer | Uint8Array,
    cacheControl = "public, max-age=31536000, immutable",
  ): Promise<void> {
    const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    await this.s3.putObject(this.buckets.books, key, buffer, buffer.length, {
      "Content-Type": contentType(key),
      "Cache-Control": cacheControl,
    });
  }

  async putJson(key: string, value: unknown, cacheControl?: string): Promise<void> {
    await this.put(key, Buffer.from(JSON.stringify(value)), cacheControl);
  }

  async putFile(key: string, file: string): Promise<void> {
    await this.s3.fPutObject(this.buckets.books, key, file, { "Content-Type": contentType(key) });
  }

  async getJson(key: string): Promise<unknown | undefined> {
    try {
      const stream = await this.s3.getObject(this.buckets.books, key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async getManifest(key: string): Promise<Manifest | undefined> {
    const value = await this.getJson(key);
    return isManifest(value) ? value : undefined;
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of this.s3.listObjectsV2(this.buckets.books, prefix, true)) {
      if (item.name) keys.push(item.name);
    }
    return keys;
  }

  async copy(from: string, to: string): Promise<void> {
    // Server-side: the bytes never pass through the worker.
    await this.s3.copyObject(this.buckets.books, to, `/${this.buckets.books}/${from}`);
  }

  /** Removes every object under a prefix (a failed revision). */
  async removePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    for (let start = 0; start < keys.length; start += 1000) {
      await this.s3.removeObjects(this.buckets.books, keys.slice(start, start + 1000));
    }
    return keys.length;
  }
}
