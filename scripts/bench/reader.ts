/**
 * The reader's budgets (issue: hosted reader), measured in Debian's Chromium over fixture books served the way
 * the gateway lays them out. Run with `npm run bench:reader`; prints one line per budget. Not a test: numbers
 * vary with the machine, so nothing here passes or fails.
 */
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { launchChromium } from "../../tests/browser.js";
import { writeFixtureBook } from "../../tests/reader/fixture-book.js";
import { serveReader } from "../../tests/reader/static-server.js";
import { searchPages } from "../../web/reader/src/engine/search.js";
import { benchReaderMedia } from "./reader-media.js";
import { startReaderStack } from "./reader-stack.js";

const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const out = (line: string) => process.stdout.write(`${line}\n`);

/** The entry files' precompressed sizes (what the gateway sends a browser accepting brotli or gzip). */
async function criticalPathPrecompressed(): Promise<{ br: number; gz: number; files: number }> {
  const html = await readFile(join(readerDist, "index.html"), "utf8");
  const entryFiles = [...html.matchAll(/(?:src|href)="\/reader\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] as string,
  );
  let br = 0;
  let gz = 0;
  for (const file of entryFiles) {
    br += (await stat(join(readerDist, `${file}.br`)).catch(() => stat(join(readerDist, file)))).size;
    gz += (await stat(join(readerDist, `${file}.gz`)).catch(() => stat(join(readerDist, file)))).size;
  }
  return { br, gz, files: entryFiles.length };
}

async function criticalPathGzip(): Promise<{ js: number; css: number }> {
  const html = await readFile(join(readerDist, "index.html"), "utf8");
  const entryFiles = [...html.matchAll(/(?:src|href)="\/reader\/(assets\/[^"]+)"/g)].map((match) => match[1] as string);
  let js = 0;
  let css = 0;
  for (const file of entryFiles) {
    const size = gzipSync(await readFile(join(readerDist, file))).length;
    if (file.endsWith(".js")) js += size;
    if (file.endsWith(".css")) css += size;
  }
  const lazy = (await readdir(join(readerDist, "assets"))).filter(
    (file) => file.endsWith(".js") && !entryFiles.includes(`assets/${file}`),
  );
  out(`lazy chunks (not on the critical path): ${lazy.join(", ") || "none"}`);
  return { js, css };
}

async function main() {
  const fixtures = await mkdtemp(join(tmpdir(), "turnleaf-bench-reader-"));
  await writeFixtureBook(fixtures, { link: "small", pages: 10 });
  await writeFixtureBook(fixtures, { link: "big", pages: 1000, distinctPictures: 10 });
  const server = await serveReader(readerDist, fixtures);
  const browser = await launchChromium();
  let stack: Awaited<ReturnType<typeof startReaderStack>> | undefined;
  try {
    const gzip = await criticalPathGzip();
    out(
      `critical-path JS: ${(gzip.js / 1024).toFixed(1)} KB gzip (budget 100), CSS ${(gzip.css / 1024).toFixed(1)} KB gzip`,
    );

    // First page picture visible, on a throttled "fast 4G" link (9 Mbit/s down, 1.5 up, 60 ms latency), cold cache:
    // the fixture server (book.json fetched after the script) and, with TURNLEAF_READER_URL, a real gateway's page
    // (book inline, first picture preloaded).
    const precompressed = await criticalPathPrecompressed();
    out(
      `critical-path JS + CSS as the gateway serves them (precompressed at build): ${(precompressed.br / 1024).toFixed(1)} KB brotli, ${(precompressed.gz / 1024).toFixed(1)} KB gzip (${precompressed.files} files; budget 100 KB on the wire)`,
    );
    const targets: [string, string][] = [["fixture server", `${server.url}/b/big/1`]];
    if (process.env.TURNLEAF_READER_URL) targets.push(["gateway", process.env.TURNLEAF_READER_URL]);
    else if (process.env.TURNLEAF_READER_STACK === "1") {
      stack = await startReaderStack();
      targets.push(["gateway (own stack)", stack.url]);
    }
    for (const [name, target] of targets) {
      const firstPage: number[] = [];
      for (let run = 0; run < 5; run += 1) {
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
        // Bytes on the wire (headers included) of the page, its scripts and styles: the critical path as sent.
        const wire = new Map<string, { type: string; bytes: number }>();
        cdp.on("Network.responseReceived", (event: { requestId: string; type: string }) =>
          wire.set(event.requestId, { type: event.type, bytes: 0 }),
        );
        cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number }) => {
          const entry = wire.get(event.requestId);
          if (entry) entry.bytes = event.encodedDataLength;
        });
        await page.goto(target);
        // A string, not a function: tsx's name-keeping helpers do not exist in the page.
        const ms = (await page.evaluate(`new Promise((resolve) => {
          const find = () => {
            const image = document.querySelector(".tl-page-image");
            if (image) image.decode().then(() => resolve(performance.now()), () => resolve(performance.now()));
            else requestAnimationFrame(find);
          };
          find();
        })`)) as number;
        firstPage.push(ms);
        if (run === 0) {
          await page.waitForLoadState("networkidle");
          const critical = [...wire.values()].filter((entry) =>
            ["Document", "Script", "Stylesheet"].includes(entry.type),
          );
          const bytes = critical.reduce((sum, entry) => sum + entry.bytes, 0);
          out(
            `critical path on the wire, ${name}: ${(bytes / 1024).toFixed(1)} KB in ${critical.length} responses (document, scripts, styles; budget 100 KB)`,
          );
        }
        await context.close();
      }
      firstPage.sort((a, b) => a - b);
      out(
        `first page visible, ${name} (fast 4G, cold): median ${firstPage[2]?.toFixed(0)} ms, best ${firstPage[0]?.toFixed(0)}, worst ${firstPage[4]?.toFixed(0)} (budget 1000)`,
      );
    }

    // Dragging a page: frame times while the pointer drags the corner across the spread for ~2 s.
    {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/b/big/10`);
      await page.getByTestId("stage").waitFor();
      await page.waitForLoadState("networkidle");
      const stage = await page.getByTestId("stage").boundingBox();
      if (!stage) throw new Error("no stage");
      await page.evaluate(`(() => {
        const times = [];
        window.frameTimes = times;
        const tick = (now) => {
          times.push(now);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
      await page.mouse.move(stage.x + stage.width - 3, stage.y + stage.height - 3);
      await page.mouse.down();
      const steps = 120;
      for (let step = 0; step <= steps; step += 1) {
        const t = step / steps;
        await page.mouse.move(
          stage.x + stage.width - 3 - t * stage.width * 0.8,
          stage.y + stage.height - 3 - Math.sin(Math.PI * t) * 80,
        );
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
      const frames = (await page.evaluate("window.frameTimes")) as number[];
      const gaps = frames.slice(1).map((time, index) => time - (frames[index] as number));
      const long = gaps.filter((gap) => gap > 50).length;
      const average = gaps.reduce((sum, gap) => sum + gap, 0) / Math.max(gaps.length, 1);
      const p99 = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length * 0.99)] ?? 0;
      out(
        `drag: ${gaps.length} frames, ${(1000 / average).toFixed(1)} fps average, p99 frame ${p99.toFixed(1)} ms, ${long} long frames (> 50 ms) (budget 60 fps, none long)`,
      );
      await context.close();
    }

    // Memory and DOM after opening and turning 20 spreads: a 10-page book against a 1,000-page one.
    for (const link of ["small", "big"]) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const requests: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "image") requests.push(request.url());
      });
      await page.goto(`${server.url}/b/${link}/1?lang=en`);
      await page.getByTestId("stage").waitFor();
      await page.waitForLoadState("networkidle");
      const atOpen = requests.length;
      for (let turn = 0; turn < 20; turn += 1) {
        await page.keyboard.press("ArrowRight");
        await page.waitForFunction(() => !document.querySelector(".tl-turning"));
      }
      await cdp.send("HeapProfiler.collectGarbage");
      const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
      const nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
      out(
        `${link === "big" ? "1,000" : "10"}-page book: ${nodes} DOM elements, JS heap ${(heap.usedSize / 1024 / 1024).toFixed(1)} MB after 20 turns, ${atOpen} image requests at open`,
      );
      await context.close();
    }
  } finally {
    await stack?.stop();
    await browser.close();
    await server.close();
    await rm(fixtures, { recursive: true, force: true });
  }

  // Search over a 500-page book (the reader's own search over the book's index).
  const words = ["paper", "spine", "cover", "margin", "folio", "gutter", "binding", "leaf", "press", "ink"];
  const index = {
    pages: Array.from({ length: 500 }, (_, page) => ({
      page: page + 1,
      text:
        Array.from({ length: 400 }, (_, word) => words[(page * 7 + word * 3) % words.length]).join(" ") +
        (page === 433 ? " colophon" : ""),
    })),
  };
  const timings: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    const started = performance.now();
    searchPages(index, "colophon");
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  out(
    `search, 500 pages × 400 words: median ${timings[10]?.toFixed(2)} ms, worst ${timings[19]?.toFixed(2)} ms (budget 100)`,
  );

  // A book with 50 media items against one without, through the real gateway (its own stores and services).
  await benchReaderMedia(out);
}

await main();
