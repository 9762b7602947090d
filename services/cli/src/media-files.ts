/**
 * The files the editor uploaded for media items (`/api/common/file/<fileId>/<name>`, a video, an audio clip, pictures)
 * kept with the project and shipped inside the published flipbook: `turnleaf studio` downloads them into the
 * project's `media/` folder when it saves the items, and publish copies them next to index.html and points the items
 * at the copies, so an offline flipbook plays and shows them with no server. On disk a file is named by its server
 * id and extension only (never a name from the network).
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CliError, exitCodes } from "./errors.js";
import { text } from "./i18n/text.js";
import type { MediaItem, ProjectMedia } from "./page-media.js";

export const mediaFolder = "media";

export interface UploadedFile {
  fileId: string;
  /** The file's extension, lower case ("" when it has none). */
  extension: string;
  /** The address's origin when it carries one (http://host:port), else undefined (relative to the studio server). */
  origin?: string;
  /** The address's path on its server. */
  path: string;
}

/** An editor upload's address (relative, or on any host), else undefined. */
export function uploadedFile(address: string | undefined): UploadedFile | undefined {
  if (!address) return undefined;
  let url: URL;
  try {
    url = new URL(address, "http://relative.invalid");
  } catch {
    return undefined;
  }
  const match = /^\/api\/common\/file\/([A-Za-z0-9_-]{1,64})\/([^/]+)$/.exec(url.pathname);
  if (!match?.[1] || !match[2]) return undefined;
  let name = match[2];
  try {
    name = decodeURIComponent(name);
  } catch {
    // A name that is not valid percent-encoding keeps its raw form; only its extension is used.
  }
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase() ?? "";
  return {
    fileId: match[1],
    extension,
    ...(url.host === "relative.invalid" ? {} : { origin: url.origin }),
    path: url.pathname,
  };
}

/** Where the project keeps an uploaded file, relative to the project folder. */
export const projectFileKey = (file: UploadedFile) =>
  `${mediaFolder}/${file.fileId}${file.extension ? `.${file.extension}` : ""}`;

/** Every uploaded file an item points at (its url and pictures). */
function itemFiles(item: MediaItem): { address: string; file: UploadedFile }[] {
  return [item.url, ...(item.images ?? [])].flatMap((address) => {
    const file = uploadedFile(address);
    return address && file ? [{ address, file }] : [];
  });
}

async function download(url: string, target: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(120_000) });
    if (response.status !== 200) return false;
    const body = Buffer.from(await response.arrayBuffer());
    await mkdir(join(target, ".."), { recursive: true });
    // Written aside first: an interrupted download never leaves a half file that looks finished.
    await writeFile(`${target}.part`, body);
    await rename(`${target}.part`, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Downloads the items' uploaded files the project does not have yet, from the address's own host or else from
 * `servers` (the studio servers, tried in order). Answers the addresses none of them gave.
 */
export async function fetchMediaFiles(projectDir: string, media: ProjectMedia, servers: string[]): Promise<string[]> {
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const item of media.items) {
    for (const { address, file } of itemFiles(item)) {
      const key = projectFileKey(file);
      if (seen.has(key)) continue;
      seen.add(key);
      const target = join(projectDir, key);
      if (existsSync(target)) continue;
      const origins = [...(file.origin ? [file.origin] : []), ...servers];
      let found = false;
      for (const origin of origins) {
        if (await download(`${origin.replace(/\/+$/, "")}${file.path}`, target)) {
          found = true;
          break;
        }
      }
      if (!found) missing.push(address);
    }
  }
  return missing;
}

/**
 * Copies the items' uploaded files from the project (fetching those it lacks from `servers` first) into
 * `<flipBook>/<assets>media/` and answers the media with those items' addresses relative to index.html.
 */
export async function shipMediaFiles(input: {
  projectDir: string;
  flipBook: string;
  assets: string;
  media: ProjectMedia;
  servers: string[];
}): Promise<ProjectMedia> {
  const { projectDir, flipBook, assets, media } = input;
  const missing = await fetchMediaFiles(projectDir, media, input.servers);
  if (missing.length > 0) {
    const item = media.items.find((candidate) => itemFiles(candidate).some(({ address }) => address === missing[0]));
    throw new CliError(
      text("mediaMissing", { address: missing[0] ?? "", item: item?.id ?? "", folder: mediaFolder }),
      exitCodes.noInput,
    );
  }
  const local = (address: string | undefined) => {
    const file = uploadedFile(address);
    return file ? `${assets}${projectFileKey(file)}` : address;
  };
  const copied = new Set<string>();
  for (const item of media.items) {
    for (const { file } of itemFiles(item)) {
      const key = projectFileKey(file);
      if (copied.has(key)) continue;
      copied.add(key);
      await mkdir(join(flipBook, assets, mediaFolder), { recursive: true });
      await copyFile(join(projectDir, key), join(flipBook, assets, key));
    }
  }
  return {
    ...media,
    items: media.items.map((item) => ({
      ...item,
      ...(item.url ? { url: local(item.url) } : {}),
      ...(item.images ? { images: item.images.map((image) => local(image) ?? image) } : {}),
    })),
  };
}
