import { Readable } from "node:stream";
import { isManifest, type Manifest } from "@turnleaf/book-format";
import type { S3Client } from "@turnleaf/kit";
import { manifestCacheMs } from "./domain/manifest-cache.js";
import { awaitsPage, renditionDeriver } from "./rendition-derive.js";

/**
 * Reads books' converted assets from the books bucket; the gateway serves them. The one thing it writes there is a
 * rendition the manifest lists but the conversion left to be derived on first request (rendition-derive.ts).
 */
export interface BookAssets {
  /** `fresh`: read from the store even when cached (the editor's pages after an edit). */
  manifest(bookId: string, revision: number, options?: { fresh?: boolean }): Promise<Manifest | null>;
  object(bookId: string, revision: number, key: string): Promise<{ body: Readable; size: number; etag: string } | null>;
  text(bookId: string, revision: number, key: string): Promise<string | null>;
}

const prefix = (bookId: string, revision: number) => `books/${bookId}/r${revision}/`;

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "NoSuchKey" || code === "NotFound" || code === "NoSuchBucket";
}

/**
 * Manifests are cached briefly (manifestCacheMs), so a busy book does not read its manifest from S3 on every
 * request.
 */
export function bookAssets(s3: S3Client, bucket: string, now: () => number = Date.now): BookAssets {
  const cache = new Map<string, { manifest: Manifest | null; until: number }>();
  const readBytes = async (key: string): Promise<Buffer | null> => {
    try {
      const stream = await s3.getObject(bucket, key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const read = async (key: string) => (await readBytes(key))?.toString("utf8") ?? null;
  const deriver = renditionDeriver({
    read: readBytes,
    write: async (key, bytes, contentType) => {
      await s3.putObject(bucket, key, bytes, bytes.length, { "Content-Type": contentType });
    },
  });
  const assets: BookAssets = {
    async manifest(bookId, revision, options) {
      const key = `${prefix(bookId, revision)}manifest.json`;
      const cached = cache.get(key);
      if (cached && cached.until > now() && !options?.fresh) return cached.manifest;
      const text = await read(key);
      const parsed: unknown = text === null ? null : JSON.parse(text);
      const manifest = isManifest(parsed) ? parsed : null;
      cache.set(key, { manifest, until: now() + manifestCacheMs(manifest) });
      if (cache.size > 5_000) cache.delete(cache.keys().next().value as string);
      return manifest;
    },
    async object(bookId, revision, key) {
      const objectKey = `${prefix(bookId, revision)}${key}`;
      try {
        const stat = await s3.statObject(bucket, objectKey);
        const body = await s3.getObject(bucket, objectKey);
        return { body, size: stat.size, etag: stat.etag };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      let manifest = await assets.manifest(bookId, revision);
      // A page that landed since the cached manifest was read (another replica's book.json told the reader of it).
      if (manifest && awaitsPage(manifest, key)) {
        manifest = await assets.manifest(bookId, revision, { fresh: true });
      }
      const derived = manifest && (await deriver.derive(prefix(bookId, revision), manifest, key));
      if (!derived) return null;
      return { body: Readable.from([derived.bytes]), size: derived.bytes.length, etag: derived.etag };
    },
    text: (bookId, revision, key) => read(`${prefix(bookId, revision)}${key}`),
  };
  return assets;
}
