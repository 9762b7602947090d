import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { defaultSettings, type ReaderBook, type ReaderSettings } from "@turnleaf/reader/testing";
import sharp from "sharp";

export const fixtureWords = ["turnleaf", "paper", "spine", "cover", "margin", "folio", "gutter", "binding"];

function pageSvg(page: number, width: number, height: number, spread: boolean): string {
  const hue = (page * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 ${spread ? 400 : 800}">
  <rect width="100%" height="100%" fill="hsl(${hue},40%,92%)"/>
  <rect x="20" y="20" width="560" height="${spread ? 360 : 760}" fill="none" stroke="hsl(${hue},50%,40%)" stroke-width="6"/>
  <text x="300" y="${spread ? 220 : 420}" font-size="180" text-anchor="middle" font-family="sans-serif" fill="hsl(${hue},60%,30%)">${page}</text>
  <text x="300" y="${spread ? 330 : 560}" font-size="36" text-anchor="middle" font-family="sans-serif">${fixtureWords[page % fixtureWords.length]}</text>
</svg>`;
}

/** Every book's page n looks the same: a file draws each picture once (WebP at 1600 px is the set-up's cost). */
const pictures = new Map<string, Promise<Buffer>>();
function pagePicture(page: number, width: number, height: number): Promise<Buffer> {
  const key = `${page}:${width}x${height}`;
  let picture = pictures.get(key);
  if (!picture) {
    picture = sharp(Buffer.from(pageSvg(page, width, height, false)))
      .webp({ quality: 70 })
      .toBuffer();
    pictures.set(key, picture);
  }
  return picture;
}

/**
 * A book laid out as the gateway serves one (book.json, renditions, text, search index), with pages drawn by
 * sharp: each shows its number, so screenshots and assertions can tell pages apart.
 */
export async function writeFixtureBook(
  directory: string,
  options: {
    link: string;
    pages: number;
    direction?: "ltr" | "rtl";
    /** "vertical": calendar flipping (settings.flipAxis). */
    flipAxis?: "horizontal" | "vertical";
    title?: string;
    /** Draw only this many distinct pages and reuse their pictures (big books for benchmarks). */
    distinctPictures?: number;
    /** Settings over the defaults. */
    settings?: Partial<ReaderSettings>;
    extra?: Partial<ReaderBook>;
  },
): Promise<ReaderBook> {
  const base = `/fixtures/${options.link}`;
  const widths = [400, 800, 1600];
  const pageWidth = 600;
  const pageHeight = 800;
  const pages: ReaderBook["pages"] = [];
  const search: { page: number; text: string }[] = [];
  const distinct = options.distinctPictures ?? options.pages;
  for (let number = 1; number <= options.pages; number += 1) {
    const folder = join(directory, options.link, "pages", String(number));
    await mkdir(folder, { recursive: true });
    const picture = ((number - 1) % distinct) + 1;
    const renditions = [];
    for (const width of widths) {
      const height = Math.round((width * pageHeight) / pageWidth);
      if (picture === number) await writeFile(join(folder, `${width}.webp`), await pagePicture(number, width, height));
      renditions.push({ width, url: `${base}/pages/${picture}/${width}.webp` });
    }
    const word = fixtureWords[number % fixtureWords.length] as string;
    const text = { page: number, items: [{ text: `page ${number} ${word}`, box: [0.3, 0.68, 0.4, 0.04] }] };
    await writeFile(join(folder, "text.json"), JSON.stringify(text));
    search.push({ page: number, text: `page ${number} ${word}` });
    pages.push({
      number,
      width: pageWidth,
      height: pageHeight,
      renditions,
      thumbUrl: `${base}/pages/${picture}/400.webp`,
      textUrl: `${base}/pages/${number}/text.json`,
      links: number === 2 ? [{ x: 0.1, y: 0.1, width: 0.3, height: 0.08, page: 7 }] : [],
    });
  }
  await writeFile(join(directory, options.link, "search.json"), JSON.stringify({ pages: search }));
  const book: ReaderBook = {
    link: options.link,
    title: options.title ?? `Fixture ${options.link}`,
    pageWidth,
    pageHeight,
    pages,
    outline: [
      { title: "Opening", page: 1, children: [] },
      {
        title: "Middle",
        page: Math.ceil(options.pages / 2),
        children: [{ title: "Deeper", page: Math.ceil(options.pages / 2) + 1, children: [] }],
      },
    ],
    searchUrl: `${base}/search.json`,
    state: "ready",
    pageCount: options.pages,
    settings: {
      ...defaultSettings,
      direction: options.direction ?? "ltr",
      flipAxis: options.flipAxis ?? "horizontal",
      ...options.settings,
    },
    ...options.extra,
  };
  await writeFile(join(directory, options.link, "book.json"), JSON.stringify(book));
  return book;
}

/** A short sine tone as a 16-bit mono WAV, written by hand: background music for the tests, nothing downloaded. */
export function toneWav(seconds: number, frequency = 440, sampleRate = 8000): Buffer {
  const samples = Math.floor(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * index) / sampleRate) * 8000), 44 + index * 2);
  }
  return wav;
}
