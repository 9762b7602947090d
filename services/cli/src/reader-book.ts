/**
 * The reader's book.json for an offline flipbook: the conversion's mapping (@turnleaf/conversion/manifest, as the
 * gateway's hosted view uses it) with URLs relative to FlipBook/index.html, and the page texts and search index
 * inlined as data: URLs because a page opened from disk cannot fetch files next to it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { landedPages, type Manifest, type ReaderBook, readerBook } from "@turnleaf/conversion/manifest";

async function jsonDataUrl(path: string): Promise<string | null> {
  try {
    const text = await readFile(path, "utf8");
    return `data:application/json;base64,${Buffer.from(text, "utf8").toString("base64")}`;
  } catch {
    return null;
  }
}

/** `assets` is where the book folder's files are, relative to index.html ("files/"). */
export async function offlineReaderBook(input: {
  manifest: Manifest;
  bookDir: string;
  title: string;
  assets: string;
  settings: Record<string, unknown>;
}): Promise<ReaderBook> {
  const { manifest, bookDir, assets } = input;
  // Text and the search index are read now: the mapping asks for their URLs synchronously.
  const inlined = new Map<string, string | null>();
  const dataKeys = [
    ...landedPages(manifest).flatMap((page) => (page.text ? [page.text] : [])),
    ...(manifest.search ? [manifest.search] : []),
  ];
  for (const key of dataKeys) inlined.set(key, await jsonDataUrl(join(bookDir, key)));
  return readerBook(manifest, {
    link: "",
    title: input.title,
    assetUrl: (key) => `${assets}${key}`,
    dataUrl: (key) => inlined.get(key) ?? null,
    settings: input.settings,
  });
}

/** Every file of the book folder a reader may load: WebP renditions and thumbnails. */
export function readerAssetKeys(manifest: Manifest): string[] {
  return manifest.pages.flatMap((page) => [...Object.values(page.webp), ...(page.thumb ? [page.thumb] : [])]);
}
