/**
 * The reader's book.json for an offline flipbook, from the conversion manifest. The same mapping as the
 * gateway's hosted view (services/gateway/src/domain/reader-book.view.ts: ready prefix of pages, WebP renditions,
 * outline entries with a page, link boxes), with URLs relative to FlipBook/index.html, and the page texts and
 * search index inlined as data: URLs because a page opened from disk cannot fetch files next to it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest, OutlineEntry } from "@turnleaf/conversion/local";

export interface OutlineItem {
  title: string;
  page: number;
  children: OutlineItem[];
}

function outlineItems(entries: OutlineEntry[]): OutlineItem[] {
  return entries.flatMap((entry) => {
    const children = outlineItems(entry.children);
    if (entry.page === undefined) return children;
    return [{ title: entry.title, page: entry.page, children }];
  });
}

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
}) {
  const { manifest, bookDir, assets } = input;
  const url = (key: string) => `${assets}${key}`;
  const landed = [];
  for (const page of manifest.pages) {
    if (!page.ready) break;
    landed.push(page);
  }
  const first = manifest.pages[0];
  const pages = [];
  for (const page of landed) {
    pages.push({
      number: page.n,
      width: page.width,
      height: page.height,
      renditions: Object.entries(page.webp).map(([width, key]) => ({ width: Number(width), url: url(key) })),
      thumbUrl: page.thumb ? url(page.thumb) : "",
      textUrl: page.text ? await jsonDataUrl(join(bookDir, page.text)) : null,
      links: page.links.map(({ box: [x, y, width, height], url: target, page: targetPage }) => ({
        x,
        y,
        width,
        height,
        ...(target ? { url: target } : {}),
        ...(targetPage ? { page: targetPage } : {}),
      })),
    });
  }
  return {
    link: "",
    title: input.title,
    pageWidth: first?.width || 1,
    pageHeight: first?.height || 1,
    pages,
    outline: outlineItems(manifest.outline),
    searchUrl: manifest.search ? await jsonDataUrl(join(bookDir, manifest.search)) : null,
    state: "ready" as const,
    pageCount: landed.length,
    settings: input.settings,
  };
}

/** Every file of the book folder a reader may load: WebP renditions and thumbnails. */
export function readerAssetKeys(manifest: Manifest): string[] {
  return manifest.pages.flatMap((page) => [...Object.values(page.webp), ...(page.thumb ? [page.thumb] : [])]);
}
