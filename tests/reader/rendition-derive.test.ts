/**
 * Renditions derived on first request, against the run's real MinIO: the conversion wrote only the main rendition;
 * the gateway's book assets make the thumbnail, the lighter WebP and the JPEG fallback from it when first asked,
 * store them, and serve the stored copy afterwards. Keys the manifest does not list are never made.
 */
import { randomUUID } from "node:crypto";
import type { Manifest } from "@turnleaf/book-format";
import { bookAssets, derivation } from "@turnleaf/gateway/in-process";
import { createLogger, createS3Client, ensureBuckets, type S3Client } from "@turnleaf/kit";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

const stores = workerStores();
let s3: S3Client;
const bucket = `turnleaf-books-derive-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  s3 = createS3Client(stores.s3);
  await ensureBuckets(s3, [bucket], stores.s3.region, createLogger({ service: "derive-test", level: "silent" }));
});

afterAll(async () => {
  const keys: string[] = [];
  for await (const item of s3.listObjectsV2(bucket, "", true)) if (item.name) keys.push(item.name);
  await s3.removeObjects(bucket, keys);
  await s3.removeBucket(bucket).catch(() => undefined);
});

function manifest(bookId: string): Manifest {
  return {
    format: 1,
    bookId,
    revision: 1,
    jobId: "job",
    state: "ready",
    engine: "hd-image",
    trial: false,
    pageCount: 1,
    pagesDone: 1,
    pages: [
      {
        n: 1,
        width: 1131,
        height: 1600,
        ready: true,
        webp: { "1131": "pages/1/1131.webp", "679": "pages/1/679.webp" },
        jpg: "pages/1/1131.jpg",
        thumb: "thumbs/1.webp",
        text: null,
        links: [],
        source: { index: 0, page: 0, part: "whole", region: [0, 0, 1, 1] },
      },
    ],
    outline: [],
    search: null,
    sourcePdfs: [],
    updatedAt: new Date().toISOString(),
  };
}

/** A page: black lines on white (lossless) or a gradient photo (lossy). */
async function mainWebp(lossless: boolean): Promise<Buffer> {
  const [width, height] = [1131, 1600];
  const pixels = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      if (lossless) {
        if (y % 40 < 3 && x > 100 && x < 1000) pixels.fill(0, offset, offset + 3);
      } else {
        pixels[offset] = (x * 255) / width;
        pixels[offset + 1] = (y * 255) / height;
        pixels[offset + 2] = (x * y) % 251;
      }
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (lossless ? image.webp({ lossless: true }) : image.webp({ quality: 75 })).toBuffer();
}

async function publish(lossless: boolean) {
  const bookId = `b${randomUUID().slice(0, 8)}`;
  const prefix = `books/${bookId}/r1/`;
  const book = manifest(bookId);
  await s3.putObject(bucket, `${prefix}manifest.json`, Buffer.from(JSON.stringify(book)));
  const main = await mainWebp(lossless);
  await s3.putObject(bucket, `${prefix}pages/1/1131.webp`, main, main.length);
  return { bookId, prefix, book };
}

async function bytesOf(object: { body: NodeJS.ReadableStream } | null): Promise<Buffer> {
  if (!object) throw new Error("no object");
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const webpKind = (bytes: Buffer) => bytes.subarray(12, 16).toString("latin1");

describe("renditions derived on first request", () => {
  it("makes the lighter WebP and the JPEG from the main WebP, stores them and serves the stored copy", async () => {
    for (const lossless of [true, false]) {
      const { bookId, prefix } = await publish(lossless);
      const assets = bookAssets(s3, bucket);
      const [small, again] = await Promise.all([
        assets.object(bookId, 1, "pages/1/679.webp"),
        assets.object(bookId, 1, "pages/1/679.webp"),
      ]);
      const smallBytes = await bytesOf(small);
      expect(await bytesOf(again)).toEqual(smallBytes);
      expect(small?.size).toBe(smallBytes.length);
      const metadata = await sharp(smallBytes).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: 679, height: 961 });
      // Text pages stay lossless when made smaller.
      expect(webpKind(smallBytes)).toBe(lossless ? "VP8L" : "VP8 ");

      const jpg = await bytesOf(await assets.object(bookId, 1, "pages/1/1131.jpg"));
      expect(await sharp(jpg).metadata()).toMatchObject({ format: "jpeg", width: 1131, height: 1600 });

      // Stored: the next request (any replica) reads the object itself.
      const stat = await s3.statObject(bucket, `${prefix}pages/1/679.webp`);
      expect(stat.size).toBe(smallBytes.length);
      expect((await s3.statObject(bucket, `${prefix}pages/1/1131.jpg`)).size).toBe(jpg.length);
      const stored = await assets.object(bookId, 1, "pages/1/679.webp");
      expect(stored?.etag).toBe(stat.etag);
    }
  });

  it("derives from a grey page's main PNG (lossless lighter WebP) and serves a photo page's main JPEG as its fallback", async () => {
    for (const format of ["png", "jpg"] as const) {
      const bookId = `b${randomUUID().slice(0, 8)}`;
      const prefix = `books/${bookId}/r1/`;
      const book = manifest(bookId);
      const page = book.pages[0] as Manifest["pages"][number];
      page.webp = { "1131": `pages/1/1131.${format}`, "679": "pages/1/679.webp" };
      await s3.putObject(bucket, `${prefix}manifest.json`, Buffer.from(JSON.stringify(book)));
      const lossless = format === "png";
      const pixels = await sharp(await mainWebp(lossless))
        .greyscale(lossless)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const image = sharp(pixels.data, { raw: pixels.info });
      const main = await (lossless ? image.png({ compressionLevel: 1 }) : image.jpeg({ quality: 80 })).toBuffer();
      await s3.putObject(bucket, `${prefix}pages/1/1131.${format}`, main, main.length);
      const assets = bookAssets(s3, bucket);
      expect(await bytesOf(await assets.object(bookId, 1, `pages/1/1131.${format}`))).toEqual(main);
      const small = await bytesOf(await assets.object(bookId, 1, "pages/1/679.webp"));
      expect(await sharp(small).metadata()).toMatchObject({ format: "webp", width: 679, height: 961 });
      expect(webpKind(small)).toBe(lossless ? "VP8L" : "VP8 ");
      const fallback = await bytesOf(await assets.object(bookId, 1, "pages/1/1131.jpg"));
      expect(await sharp(fallback).metadata()).toMatchObject({ format: "jpeg", width: 1131, height: 1600 });
      // The photo page's main JPEG is the fallback: never derived again (nor overwritten).
      if (!lossless) expect(fallback).toEqual(main);
      expect(derivation(book, `pages/1/1131.${format}`)).toBeUndefined();
      expect(derivation(book, "pages/1/679.webp")?.sourceKey).toBe(`pages/1/1131.${format}`);
    }
  });

  it("derives a page's thumbnail (200 px JPEG) from its main WebP, PNG or JPEG, once, and stores it", async () => {
    for (const format of ["webp", "png", "jpg"] as const) {
      const bookId = `b${randomUUID().slice(0, 8)}`;
      const prefix = `books/${bookId}/r1/`;
      const book = manifest(bookId);
      const page = book.pages[0] as Manifest["pages"][number];
      page.webp = { "1131": `pages/1/1131.${format}` };
      page.thumb = "thumbs/1.jpg";
      await s3.putObject(bucket, `${prefix}manifest.json`, Buffer.from(JSON.stringify(book)));
      const webp = await mainWebp(format === "png");
      const main =
        format === "webp"
          ? webp
          : await (format === "png"
              ? sharp(webp).toColourspace("b-w").png()
              : sharp(webp).jpeg({ quality: 75 })
            ).toBuffer();
      await s3.putObject(bucket, `${prefix}pages/1/1131.${format}`, main, main.length);
      const assets = bookAssets(s3, bucket);
      // A pages panel and a reader asking at once: one thumbnail made and stored.
      const answers = await Promise.all([1, 2, 3].map(() => assets.object(bookId, 1, "thumbs/1.jpg")));
      const [thumb, ...others] = await Promise.all(answers.map(bytesOf));
      for (const other of others) expect(other).toEqual(thumb);
      expect(await sharp(thumb).metadata()).toMatchObject({
        format: "jpeg",
        width: 200,
        height: 283,
        channels: format === "png" ? 1 : 3,
      });
      expect((await s3.statObject(bucket, `${prefix}thumbs/1.jpg`)).size).toBe(thumb?.length);
      // A thumbnail of a page the manifest does not list, or under another name, is never made.
      expect(await assets.object(bookId, 1, "thumbs/2.jpg")).toBeNull();
      expect(await assets.object(bookId, 1, "thumbs/1.webp")).toBeNull();
    }
  });

  it("derives a page that landed after the cached manifest of a converting book was read", async () => {
    const { bookId, prefix, book } = await publish(false);
    const converting = { ...book, state: "converting" as const, pageCount: 2, pagesDone: 1 };
    const second = { ...(book.pages[0] as Manifest["pages"][number]), n: 2, thumb: "thumbs/2.jpg" };
    second.webp = { "1131": "pages/2/1131.webp" };
    const write = (value: Manifest) =>
      s3.putObject(bucket, `${prefix}manifest.json`, Buffer.from(JSON.stringify(value)));
    await write({ ...converting, pages: [book.pages[0] as Manifest["pages"][number], { ...second, ready: false }] });
    const clock = 1_000_000;
    const assets = bookAssets(s3, bucket, () => clock);
    expect((await assets.manifest(bookId, 1))?.pages[1]?.ready).toBe(false);
    // Page 2 lands; the clock stands still, so the cached manifest (a second's) still says it has not.
    const main = await mainWebp(true);
    await s3.putObject(bucket, `${prefix}pages/2/1131.webp`, main, main.length);
    await write({ ...converting, pagesDone: 2, pages: [book.pages[0] as Manifest["pages"][number], second] });
    const thumb = await bytesOf(await assets.object(bookId, 1, "thumbs/2.jpg"));
    expect(await sharp(thumb).metadata()).toMatchObject({ format: "jpeg", width: 200 });
    // A key no manifest lists stays unknown, and is answered from the cached manifest: a page 3 stored meanwhile
    // is not read for it (only a page the cached manifest awaits sends the gateway to the store again).
    await s3.putObject(bucket, `${prefix}pages/3/1131.webp`, main, main.length);
    const third = { ...second, n: 3, thumb: "thumbs/3.jpg", webp: { "1131": "pages/3/1131.webp" } };
    await write({
      ...converting,
      pageCount: 3,
      pagesDone: 3,
      pages: [book.pages[0] as Manifest["pages"][number], second, third],
    });
    expect(await assets.object(bookId, 1, "thumbs/3.jpg")).toBeNull();
  });

  it("derives only what the manifest lists, never the main rendition, and nothing without its source", async () => {
    const { bookId, book } = await publish(true);
    const assets = bookAssets(s3, bucket);
    expect(await assets.object(bookId, 1, "pages/1/500.webp")).toBeNull();
    expect(await assets.object(bookId, 1, "pages/2/679.webp")).toBeNull();
    expect(await assets.object(bookId, 1, "pages/1/679.jpg")).toBeNull();
    expect(derivation(book, "pages/1/1131.webp")).toBeUndefined();
    expect(derivation(book, "thumbs/1.webp")).toBeUndefined();
    expect(derivation(book, "thumbs/1.jpg")).toBeUndefined();
    expect(derivation(book, "pages/1/679.webp")).toEqual({
      sourceKey: "pages/1/1131.webp",
      width: 679,
      format: "webp",
    });

    const bare = await publish(true);
    await s3.removeObject(bucket, `${bare.prefix}pages/1/1131.webp`);
    expect(await assets.object(bare.bookId, 1, "pages/1/679.webp")).toBeNull();
    await expect(s3.statObject(bucket, `${bare.prefix}pages/1/679.webp`)).rejects.toMatchObject({ code: "NotFound" });
  });

  it("reads a converting manifest again after a fifth of a second until page 1 shows, then keeps it a second", async () => {
    let clock = 1_000_000;
    const assets = bookAssets(s3, bucket, () => clock);
    const bookId = `cache${randomUUID().slice(0, 8)}`;
    const key = `books/${bookId}/r1/manifest.json`;
    const write = (value: Manifest) => s3.putObject(bucket, key, Buffer.from(JSON.stringify(value)));
    const waiting = { ...manifest(bookId), state: "converting" as const, pagesDone: 0 };
    waiting.pages = waiting.pages.map((page) => ({ ...page, ready: false }));
    // No manifest yet (the job has not written one): asked again soon.
    expect(await assets.manifest(bookId, 1)).toBeNull();
    await write(waiting);
    clock += 250;
    expect((await assets.manifest(bookId, 1))?.pages[0]?.ready).toBe(false);
    const pageOne = { ...waiting, pagesDone: 1, pages: manifest(bookId).pages };
    await write(pageOne);
    clock += 250;
    expect((await assets.manifest(bookId, 1))?.pages[0]?.ready).toBe(true);
    // Once page 1 shows, a second: a later write is not read within it, and is after it.
    await write({ ...pageOne, state: "ready" });
    clock += 500;
    expect((await assets.manifest(bookId, 1))?.state).toBe("converting");
    clock += 600;
    expect((await assets.manifest(bookId, 1))?.state).toBe("ready");
  });
});
