/**
 * The reader's first page with media (issue 15: "still ≤ 1 s for a book with 50 media items"), through the real
 * gateway: stores started here (FerretDB, MinIO, NATS as the tests start them), the book and power services and the
 * gateway in this process, two published books of 20 pages — one without media, one with 50 items on its first page
 * (links, notes, pictures, video and audio files) — each opened cold in Chromium with "fast 4G" throttling.
 * Prints the first page visible (its picture decoded) and when all 50 items are drawn. Run it on its own
 * (`tsx scripts/bench/reader-media.ts`) or as part of `npm run bench:reader`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { launchChromium } from "../../tests/browser.js";
import { bookOwner, startMediaStack } from "../../tests/media/media-stack.js";
import { startStores } from "../src/stores.js";

const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));

/** 50 items on page 1: 10 each of page/web links, notes, pictures, video files and audio clips. */
function fiftyItems(files: string, gateway: string, number: string) {
  const items: Record<string, unknown>[] = [];
  for (let index = 0; index < 50; index += 1) {
    const column = index % 5;
    const row = Math.floor(index / 5);
    const box = { x: 0.02 + column * 0.195, y: 0.02 + row * 0.097, width: 0.18, height: 0.09 };
    const kind = ["link", "note", "image", "video", "audio"][column] as string;
    const id = `b${index}`;
    const fields: Record<string, unknown> =
      kind === "link"
        ? row % 2 === 0
          ? { targetPage: 2 + row }
          : { url: `https://example.com/${index}` }
        : kind === "note"
          ? { text: `Note ${index}: a few words on this page.` }
          : kind === "image"
            ? { images: [`${gateway}/b/${number}/assets/1/pages/${2 + row}/800.webp`], popup: row % 2 === 0 }
            : kind === "video"
              ? { url: `${files}/clip-${index}.mp4`, popup: row % 2 === 1 }
              : { url: `${files}/clip-${index}.mp3` };
    items.push({ id, page: 1, kind, ...box, ...fields });
  }
  return items;
}

export async function benchReaderMedia(out: (line: string) => void): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-bench-media-"));
  const stores = await startStores({ dataDir, log: pino({ level: "warn" }) });
  // Video and audio files: a local server answering 404 (what matters is that the page does not wait for them).
  const files = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  const filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const stack = await startMediaStack(
    { mongodbUri: stores.mongodbUri, natsUrl: stores.natsUrl, s3: stores.s3 },
    "bench-media",
    { reader: readerDist },
  );
  const browser = await launchChromium();
  try {
    const gateway = await stack.gateway(bookOwner);
    await gateway.listen({ host: "127.0.0.1", port: 0 });
    const gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
    const plain = await stack.publishedBook(20);
    const withMedia = await stack.publishedBook(20);
    for (const item of fiftyItems(filesUrl, gatewayUrl, withMedia.number)) {
      const response = await gateway.inject({
        method: "POST",
        url: "/api/book/add-page-media",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ bookId: withMedia.bookId, item: JSON.stringify(item) }).toString(),
      });
      const reply = response.json() as { code: string; msg: string };
      if (reply.code !== "OK") throw new Error(`item ${String(item.id)} refused: ${reply.msg}`);
    }

    // Runs alternate between the two books, so a busy moment of the machine falls on both alike.
    const books = [
      { name: "no media", book: plain, firstPage: [] as number[], mediaDrawn: [] as number[], html: 0 },
      { name: "50 media items", book: withMedia, firstPage: [] as number[], mediaDrawn: [] as number[], html: 0 },
    ];
    const runs = 9;
    for (let run = 0; run < runs; run += 1) {
      for (const entry of books) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 60,
          downloadThroughput: (9_000_000 / 8) * 0.9,
          uploadThroughput: (1_500_000 / 8) * 0.9,
        });
        const response = await page.goto(`${gatewayUrl}/b/${entry.book.number}`);
        entry.html = (await response?.body())?.length ?? 0;
        entry.firstPage.push(
          (await page.evaluate(`new Promise((resolve) => {
            const find = () => {
              const image = document.querySelector(".tl-page-image");
              if (image) image.decode().then(() => resolve(performance.now()), () => resolve(performance.now()));
              else requestAnimationFrame(find);
            };
            find();
          })`)) as number,
        );
        if (entry.book === withMedia) {
          entry.mediaDrawn.push(
            (await page.evaluate(`new Promise((resolve) => {
              const find = () => {
                if (document.querySelectorAll("[data-media-id]").length >= 50) resolve(performance.now());
                else requestAnimationFrame(find);
              };
              find();
            })`)) as number,
          );
        }
        await context.close();
      }
    }
    const middle = Math.floor(runs / 2);
    for (const { name, firstPage, mediaDrawn, html } of books) {
      firstPage.sort((a, b) => a - b);
      mediaDrawn.sort((a, b) => a - b);
      out(
        `first page visible through the gateway, ${name} (fast 4G, cold, ${runs} runs, page HTML ${(html / 1024).toFixed(1)} KB): median ${firstPage[middle]?.toFixed(0)} ms, best ${firstPage[0]?.toFixed(0)}, worst ${firstPage[runs - 1]?.toFixed(0)} (budget 1000)`,
      );
      if (mediaDrawn.length > 0) {
        out(
          `  all 50 items drawn (after the page's picture, lazy media chunk): median ${mediaDrawn[middle]?.toFixed(0)} ms, worst ${mediaDrawn[runs - 1]?.toFixed(0)}`,
        );
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
    await new Promise((resolve) => files.close(resolve));
    await stores.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchReaderMedia((line) => process.stdout.write(`${line}\n`));
}
