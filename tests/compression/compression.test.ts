import { readdir, readFile } from "node:fs/promises";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { workerSystem } from "../setup/worker-stores.js";

// Every text answer of the gateway goes out compressed (brotli where accepted, else gzip) with Vary: Accept-Encoding,
// the apps' files precompressed at build and cached for good, book.json revalidated by its entity tag.
const services = await workerSystem();
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const editorDist = fileURLToPath(new URL("../../web/editor/dist", import.meta.url));
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** The bytes on the wire (fetch() would decode them), with the answer's status and headers. */
function raw(path: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = httpGet(
      `${services.gatewayUrl}${path}`,
      { headers: { "accept-encoding": acceptEncoding, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

function decoded(encoding: string | string[] | undefined, body: Buffer): Buffer {
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "gzip") return gunzipSync(body);
  return body;
}

async function entryScript(dist: string): Promise<string> {
  const files = await readdir(join(dist, "assets"));
  const script = files.find((file) => /^index-[\w-]+\.js$/.test(file));
  if (!script) throw new Error(`no entry script in ${dist}`);
  return script;
}

describe("responses delivered compressed", () => {
  it("serves the reader's and editor's hashed files precompressed, immutable, varying on Accept-Encoding", async () => {
    for (const [dist, prefix] of [
      [readerDist, "/reader/assets/"],
      [editorDist, "/book_edit2/assets/"],
    ] as const) {
      const script = await entryScript(dist);
      const original = await readFile(join(dist, "assets", script));
      const precompressed = await readFile(join(dist, "assets", `${script}.br`));
      const br = await raw(`${prefix}${script}`, "gzip, deflate, br, zstd");
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers["cache-control"]).toMatch(/immutable/);
      expect(br.headers["content-type"]).toMatch(/javascript/);
      expect(br.body.equals(precompressed)).toBe(true);
      expect(decoded("br", br.body).equals(original)).toBe(true);

      const gzip = await raw(`${prefix}${script}`, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(decoded("gzip", gzip.body).equals(original)).toBe(true);

      const plain = await raw(`${prefix}${script}`, "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    }
  });

  it("compresses the reader's page, book.json and REST answers on the fly, and answers 304 to a known book.json", async () => {
    const page = await raw("/b/demo0001", "br");
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded("br", page.body).toString("utf8")).toContain("<html");

    const book = await raw("/b/demo0001/book.json", "gzip");
    // Small answers (below 1 KB) go out as they are, but still vary on Accept-Encoding.
    if (book.body.length >= 1024 || book.headers["content-encoding"])
      expect(book.headers["content-encoding"]).toBe("gzip");
    expect(book.headers.vary).toMatch(/accept-encoding/i);
    const etag = book.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const json = JSON.parse(decoded(book.headers["content-encoding"], book.body).toString("utf8")) as {
      number?: string;
      title?: string;
    };
    expect(json.title).toBeTruthy();

    const again = await raw("/b/demo0001/book.json", "br", { "if-none-match": String(etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await raw("/b/demo0001/book.json", "br", { "if-none-match": 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(other.body.length).toBeGreaterThan(0);

    const labels = await raw("/api/language/labels?lang=en&scope=editor", "br");
    expect(labels.headers["content-encoding"]).toBe("br");
    expect(labels.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded("br", labels.body).toString("utf8"))).toMatchObject({ code: "OK" });
  });

  it("reaches Chromium as brotli: the reader's page and its scripts carry content-encoding: br", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const encodings = new Map<string, string | undefined>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname === "/b/demo0001" || url.pathname.startsWith("/reader/assets/index-"))
        encodings.set(url.pathname, response.headers()["content-encoding"]);
    });
    await page.goto(`${services.gatewayUrl}/b/demo0001`);
    // The page's and its scripts' responses are all this needs: waiting for "networkidle" once ran past the test's
    // 30 s in a full run on a slow machine.
    await expect.poll(() => [...encodings.keys()].some((path) => path.endsWith(".js"))).toBe(true);
    await context.close();
    expect(encodings.get("/b/demo0001")).toBe("br");
    const scripts = [...encodings].filter(([path]) => path.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, encoding] of scripts) expect(encoding).toBe("br");
  });
});
