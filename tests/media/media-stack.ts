import { BookRepository } from "@turnleaf/book/in-process";
import { bookAssets, registerEditorRoutes } from "@turnleaf/gateway/in-process";
import { connectMongo, createS3Client, ensureBuckets, type S3Client } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { startCommentStack } from "../comments/comment-stack.js";
import type { TestStores } from "../setup/stores.global.js";

export { bookOwner, otherUser } from "../comments/comment-stack.js";

/** A PDF link of the conversion on a page: box in page fractions, a URL or a 1-based target page. */
export interface FixtureLink {
  box: [number, number, number, number];
  url?: string;
  page?: number;
}

/**
 * The book and power services in this process on the run's real stores (the readers' messages stack, whose book
 * service carries the media handlers), a books bucket with converted books as the conversion writes them, and
 * gateways in front acting as a given user, with the reader's routes (and the editor's when its dist is given).
 */
export async function startMediaStack(
  stores: TestStores,
  name: string,
  dist: { reader: string; editor?: string },
  bookExtras: Parameters<typeof startCommentStack>[2] = {},
) {
  const stack = await startCommentStack(stores, name, bookExtras);
  const s3: S3Client = createS3Client(stores.s3);
  const booksBucket = `turnleaf-books-${name}-${stack.suffix}`;
  // The book service's own database (the stack's): the conversion's BookReady would cache the page count there.
  const mongo = await connectMongo({
    uri: stores.mongodbUri,
    database: `turnleaf-${name}-${stack.suffix}`,
    log: stack.log,
  });
  const books = new BookRepository(mongo);
  await ensureBuckets(s3, [booksBucket], stores.s3.region, stack.log);
  const reader = {
    assets: bookAssets(s3, booksBucket),
    distDir: dist.reader,
    grantSecret: `${name}-secret-0123456789-0123456789`,
  };
  const gateways: FastifyInstance[] = [];

  return {
    ...stack,
    async gateway(userId: string): Promise<FastifyInstance> {
      const app = await stack.gateway(userId, reader);
      if (dist.editor) {
        await registerEditorRoutes(app, dist.editor);
      }
      gateways.push(app);
      return app;
    },
    /** A published book of the owner with `pages` ready pages (600×800) and the given PDF links per page. */
    async publishedBook(pages: number, links: Record<number, FixtureLink[]> = {}) {
      const book = await stack.newBook();
      const manifestPages = [];
      for (let page = 1; page <= pages; page += 1) {
        const hue = (page * 47) % 360;
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1067"><rect width="100%" height="100%" fill="hsl(${hue},40%,90%)"/><text x="400" y="560" font-size="300" text-anchor="middle" font-family="sans-serif">${page}</text></svg>`;
        const picture = await sharp(Buffer.from(svg)).webp({ quality: 60 }).toBuffer();
        await s3.putObject(booksBucket, `books/${book.bookId}/r1/pages/${page}/800.webp`, picture);
        manifestPages.push({
          n: page,
          width: 600,
          height: 800,
          ready: true,
          webp: { "800": `pages/${page}/800.webp` },
          jpg: null,
          thumb: null,
          text: null,
          links: links[page] ?? [],
          source: { index: 0, page, part: "whole", region: [0, 0, 1, 1] },
        });
      }
      const manifest = {
        format: 1,
        bookId: book.bookId,
        revision: 1,
        jobId: "job",
        state: "ready",
        engine: "hd-image",
        trial: false,
        pageCount: pages,
        pagesDone: pages,
        pages: manifestPages,
        outline: [],
        search: null,
        sourcePdfs: [],
        updatedAt: new Date().toISOString(),
      };
      await s3.putObject(booksBucket, `books/${book.bookId}/r1/manifest.json`, Buffer.from(JSON.stringify(manifest)));
      await books.cachePageCount(book.bookId, pages, 1);
      return book;
    },
    async stop() {
      for (const app of gateways) await app.close().catch(() => undefined);
      await mongo.close();
      await stack.stop();
      const keys: string[] = [];
      for await (const item of s3.listObjectsV2(booksBucket, "", true)) if (item.name) keys.push(item.name);
      if (keys.length > 0) await s3.removeObjects(booksBucket, keys);
      await s3.removeBucket(booksBucket).catch(() => undefined);
    },
  };
}

export type MediaStack = Awaited<ReturnType<typeof startMediaStack>>;
