import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import type { BrowserContext, Page } from "playwright-core";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".webp": "image/webp",
  ".map": "application/json",
  ".wav": "audio/wav",
};

/**
 * Serves the built reader the way the gateway lays it out (/reader/ assets, index.html for /b/<link>[/<page>],
 * /b/<link>/book.json) over fixture books, and records every request so tests can tell what was fetched.
 */
export async function serveReader(readerDist: string, fixtures: string) {
  const requests: string[] = [];
  const send = async (path: string, response: import("node:http").ServerResponse) => {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
    createReadStream(path).pipe(response);
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    const safe = normalize(url.pathname).replace(/^(\.\.[/\\])+/, "");
    const book = /^\/b\/([^/]+)\/book\.json$/.exec(safe);
    if (book) return void send(join(fixtures, book[1] as string, "book.json"), response);
    if (safe.startsWith("/b/")) return void send(join(readerDist, "index.html"), response);
    if (safe.startsWith("/reader/")) return void send(join(readerDist, safe.slice("/reader/".length)), response);
    if (safe.startsWith("/fixtures/")) return void send(join(fixtures, safe.slice("/fixtures/".length)), response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    // Chromium keeps its connections open: closing waits for none of them.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A reader path opened in a new page of the context, once the book's stage is drawn. */
export async function openReader(target: BrowserContext, url: string): Promise<Page> {
  const page = await target.newPage();
  await page.goto(url);
  await page.getByTestId("stage").waitFor();
  return page;
}
