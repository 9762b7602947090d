/**
 * turnleaf publish --format pwa: the offline flipbook as an installable web app. `<out>/FlipBook/` is the HTML
 * flipbook plus `manifest.webmanifest` (name, icons, standalone display), generated icons (192 and 512 px PNG) and
 * `sw.js`, a service worker that caches every file of the book when the app is first opened, so it opens and turns
 * pages offline afterwards. Host the folder over HTTPS (or localhost): service workers do not run from file://.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Context } from "./context.js";
import { CliError, exitCodes } from "./errors.js";
import { writeFlipBook } from "./flip-book.js";
import { text } from "./i18n/text.js";
import { embedSettings, type PackageInput } from "./plugin-package.js";
import { squarePng } from "./png.js";
import { zipFolder } from "./zip.js";

const themeColour = "#1f5f8b";

export const pwaHead = `<link rel="manifest" href="manifest.webmanifest" />
    <meta name="theme-color" content="${themeColour}" />
    <link rel="icon" type="image/png" sizes="192x192" href="icons/icon-192.png" />
    <link rel="apple-touch-icon" href="icons/icon-192.png" />`;

export const pwaBody = `<script>
      if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
    </script>`;

/** A book on a blue ground: two white pages around a spine. */
function icon(size: number): Buffer {
  const margin = Math.round(size * 0.22);
  const spine = Math.max(1, Math.round(size * 0.02));
  const middle = size / 2;
  return squarePng(size, (x, y) => {
    const inBook = x >= margin && x < size - margin && y >= margin * 1.2 && y < size - margin * 1.2;
    if (inBook && Math.abs(x - middle) > spine) return [255, 255, 255];
    return [0x1f, 0x5f, 0x8b];
  });
}

export function webManifest(input: { title: string; description: string; lang: string }) {
  return {
    name: input.title,
    short_name: input.title.length <= 12 ? input.title : `${input.title.slice(0, 11)}…`,
    description: input.description || `The flipbook "${input.title}".`,
    lang: input.lang,
    start_url: "./index.html",
    scope: "./",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: themeColour,
    icons: [
      { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  };
}

/** The service worker: caches `files` on install (a new cache per content), then answers from the cache first. */
export function serviceWorker(cacheName: string, files: string[]): string {
  return `// Turnleaf flipbook app: every file of the book is cached on install, so the book opens offline afterwards.
const CACHE = ${JSON.stringify(cacheName)};
const FILES = ${JSON.stringify(files)};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("turnleaf-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.match(event.request, { ignoreSearch: true }).then((hit) => {
      if (hit) return hit;
      if (event.request.mode === "navigate") {
        return caches.match("index.html").then((page) => page || fetch(event.request));
      }
      return fetch(event.request);
    }),
  );
});
`;
}

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

export async function publishPwa(context: Context, input: PackageInput): Promise<void> {
  const { title, description } = embedSettings(input);
  const lang = input.options.lang ?? "zh";
  const flipBook = join(input.outDir, "FlipBook");
  const zip = join(input.outDir, "FlipBook.zip");
  try {
    await writeFlipBook({ ...input, flipBook, extraHead: pwaHead, extraBody: pwaBody });
    await writeFile(join(flipBook, "manifest.webmanifest"), JSON.stringify(webManifest({ title, description, lang })));
    await mkdir(join(flipBook, "icons"), { recursive: true });
    await writeFile(join(flipBook, "icons", "icon-192.png"), icon(192));
    await writeFile(join(flipBook, "icons", "icon-512.png"), icon(512));
    const files = await filesUnder(flipBook);
    const digest = createHash("sha256");
    for (const file of files) digest.update(file).update(await readFile(join(flipBook, file)));
    await writeFile(join(flipBook, "sw.js"), serviceWorker(`turnleaf-${digest.digest("hex").slice(0, 16)}`, files));
    await zipFolder(flipBook, "FlipBook", zip);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(text("publishPwaFailed", { detail: (error as Error).message }), exitCodes.cannotCreate);
  }
  const index = join(flipBook, "index.html");
  if (input.options.json) {
    context.print(JSON.stringify({ index, zip, manifest: join(flipBook, "manifest.webmanifest") }));
    return;
  }
  context.print(context.t("published", { file: index }));
  context.print(context.t("zipPwa", { zip }));
}
