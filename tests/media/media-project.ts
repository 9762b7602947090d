import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";

/**
 * A finished project (as turnleaf import leaves one) in `dir` of `pages` pages (600×800, each its number on a tinted
 * ground), with a PDF link of the conversion on page 3 and `extra` fields in project.json (media, studio …).
 */
export async function writeMediaProject(dir: string, extra: Record<string, unknown>, pages = 6): Promise<string> {
  const manifestPages = [];
  for (let page = 1; page <= pages; page += 1) {
    await mkdir(join(dir, "book", "pages", String(page)), { recursive: true });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1067"><rect width="100%" height="100%" fill="hsl(${page * 50},40%,90%)"/><text x="400" y="560" font-size="300" text-anchor="middle" font-family="sans-serif">${page}</text></svg>`;
    await sharp(Buffer.from(svg))
      .webp({ quality: 60 })
      .toFile(join(dir, "book", "pages", String(page), "800.webp"));
    manifestPages.push({
      n: page,
      width: 600,
      height: 800,
      ready: true,
      webp: { "800": `pages/${page}/800.webp` },
      jpg: null,
      thumb: null,
      text: null,
      links: page === 3 ? [{ box: [0.1, 0.9, 0.2, 0.05], url: "https://pdf.example/found" }] : [],
      source: { index: 0, page, part: "whole", region: [0, 0, 1, 1] },
    });
  }
  const manifest = {
    format: 1,
    bookId: "local",
    revision: 1,
    jobId: "local",
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
  await writeFile(join(dir, "book", "manifest.json"), JSON.stringify(manifest));
  await writeFile(
    join(dir, "project.json"),
    JSON.stringify({
      format: 1,
      name: "Media",
      title: "Media book",
      createdAt: new Date().toISOString(),
      importedAt: new Date().toISOString(),
      sources: [],
      import: { pages: "", quality: "standard" },
      trial: false,
      pageCount: pages,
      book: "book/manifest.json",
      settings: {},
      ...extra,
    }),
  );
  return dir;
}
