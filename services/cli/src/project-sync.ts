/**
 * A project and its online book as one thing (#34 item 1): every part of the project written onto the book through
 * the editor's own paths (so the book service's validators apply, as they do to the editor) and read back from it.
 *
 *   settings   htmlConfig (update-book bookConfig; brands, looks and the reader's options are htmlConfig keys)
 *   toc        the catalog (save-book-catalog)        bookmarks  save-book-bookmark
 *   languages  save-book-language                     password   set-book-privacy (the password itself goes one way)
 *   download   isDownload + downloadconfig (update-book); attachments uploaded with upload-file (purpose attachment)
 *   media      add/update/delete-page-media
 *   pageAudio  each page's speech (set-page-speech: the book service speaks it) or MP3 (upload-file, then
 *              set-page-audio-file), clear-page-audio, save-page-audio-play (./page-audio/audio-sync.ts)
 *   brands     the account's brands the settings apply by id (loadingBrand, toolBarBrand, relatedBrand): found or
 *              created on the target account (brand/create) and the settings pointed at them
 *   template, theme, scene, assistant and the exact local form of each part: the book's custom content
 *   `desktop-project`, so a pull gives back the very project that was uploaded while the online side is unchanged.
 *
 * What was synced is kept in project.json's `cloud[server]`: the book, the online parts as they were read after the
 * last upload or pull, and a fingerprint of each local part then. A part whose online form or local form differs from
 * that record changed on that side since; upload and pull refuse to overwrite such changes without --force.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { brandKinds } from "@turnleaf/resource-files";
import { canonical } from "./canonical.js";
import { type Cloud, CloudRefusal } from "./cloud.js";
import { CliError, exitCodes } from "./errors.js";
import { text } from "./i18n/text.js";
import { fetchMediaFiles, projectFileKey, uploadedFile } from "./media-files.js";
import { onlineAudioPart, pushPageAudio, readPageAudio } from "./page-audio/audio-sync.js";
import { type MediaItem, type ProjectMedia, projectMedia } from "./page-media.js";
import type { Project } from "./project.js";
import { type Parts, type SyncPart, type SyncRecord, syncParts } from "./sync-record.js";

export { type Parts, type SyncPart, type SyncRecord, syncParts };

/** The project's download configuration: the editor's downloadconfig with attachments as files of the project. */
export interface ProjectDownload {
  /** The reader's download button (the book's isDownload). */
  enabled: boolean;
  /** The original PDF may be downloaded. */
  pdf?: boolean;
  /** Single pages may be downloaded. */
  singlePages?: boolean;
  /** Attachments: `file` is relative to the project folder (attachments/…). */
  attachments?: { name: string; file: string; size?: number }[];
}

export interface PasswordPart {
  access: "public" | "password" | "private";
  mode?: "single" | "users";
  hint?: string;
  fromPage?: number;
  /** In clear in the project only: the server keeps a hash and never gives it back. */
  password?: string;
  /** Mode "users": each reader's name and password (in clear in the project only; empty keeps the stored one). */
  users?: { name: string; password: string }[];
}

const stashKey = "desktop-project";

/**
 * get-book also answers bookmarks and contents under the spec's field names (pageIndex, color, fontColor; label,
 * link) beside the ones the project keeps; those copies are left out, so a project reads back as it was written.
 */
function withoutSpecNames(items: unknown[], names: readonly string[]): unknown[] {
  return items.map((item) => {
    if (typeof item !== "object" || item === null) return item;
    const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) };
    for (const name of names) delete copy[name];
    if (Array.isArray(copy.children)) copy.children = withoutSpecNames(copy.children, names);
    return copy;
  });
}
export const attachmentsFolder = "attachments";

export const fingerprint = (value: unknown): string =>
  createHash("sha256")
    .update(JSON.stringify(canonical(value ?? null)))
    .digest("hex");

/** The project's parts as it holds them (absent parts are absent). */
export function localParts(project: Project): Parts {
  const parts: Parts = {};
  const source = project as unknown as Record<string, unknown>;
  for (const part of syncParts) if (source[part] !== undefined) parts[part] = source[part];
  return parts;
}

export function localFingerprints(parts: Parts): Partial<Record<SyncPart, string>> {
  return Object.fromEntries(syncParts.map((part) => [part, fingerprint(parts[part])]));
}

/** The parts whose fingerprints differ. */
export function changedParts(
  before: Partial<Record<SyncPart, string>>,
  now: Partial<Record<SyncPart, string>>,
): SyncPart[] {
  return syncParts.filter((part) => (before[part] ?? fingerprint(undefined)) !== (now[part] ?? fingerprint(undefined)));
}

/** Which parts (and, for settings, which keys) differ between two online snapshots: for the user to read. */
export function describeChanges(before: Parts, now: Parts): string[] {
  const lines: string[] = [];
  for (const part of syncParts) {
    if (fingerprint(before[part]) === fingerprint(now[part])) continue;
    if (part === "settings") {
      const a = (before.settings ?? {}) as Record<string, unknown>;
      const b = (now.settings ?? {}) as Record<string, unknown>;
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
        (key) => fingerprint(a[key]) !== fingerprint(b[key]),
      );
      lines.push(`settings: ${keys.sort().join(", ")}`);
    } else lines.push(part);
  }
  return lines;
}

interface BookInfo {
  bookId: string;
  number: string;
  htmlConfig: Record<string, unknown>;
  catalog: unknown[];
  bookmarks: unknown[];
  isDownload: string;
  downloadconfig: Record<string, unknown> | null;
}

interface OnlineDownloadConfig {
  pdf?: { isOriginPath?: boolean; url?: string; urlOnlink?: string };
  isDownloadProject?: boolean;
  isDownloadAttach?: boolean;
  attachments?: { name: string; size: number; url: string }[];
  hideDownloadSinglePage?: boolean;
  code?: string;
}

/** The online book's parts, as its paths answer them, plus the stash of the last upload. */
export async function readOnline(
  cloud: Cloud,
  bookId: string,
): Promise<{ parts: Parts; number: string; stash: Stash | undefined; download: OnlineDownloadConfig | null }> {
  const book = await cloud.post<BookInfo>("/api/book/get-book", { bookId });
  const [languages, privacy, media, pageAudio, stash] = await Promise.all([
    cloud.post<{ languages: { code: string; name: string; checked: boolean }[] }>("/api/book/get-book-language", {
      bookId,
    }),
    cloud.post<{
      access: string;
      mode: string;
      hint: string;
      fromPage: number;
      hasPassword: boolean;
      userNames: string[];
    }>("/api/book/get-book-privacy", { bookId }),
    cloud.post<ProjectMedia>("/api/book/get-page-media", { bookId }),
    readPageAudio(cloud, bookId),
    cloud
      .post<{ list: { key: string; content: Stash }[] }>("/api/book/get-custom-content", { bookId, key: stashKey })
      .then((reply) => reply.list.find((entry) => entry.key === stashKey)?.content)
      .catch((error: unknown) => {
        if (error instanceof CloudRefusal && error.exitCode !== 77) return undefined;
        throw error;
      }),
  ]);
  const download = book.downloadconfig as OnlineDownloadConfig | null;
  const settings = Object.fromEntries(Object.entries(book.htmlConfig ?? {}).filter(([, value]) => value !== ""));
  const brandsUsed = brandKinds.some((kind) => typeof settings[kind] === "string");
  const brands = brandsUsed
    ? appliedBrands(settings, (await cloud.post<{ list: Brand[] }>("/api/user/brand/get-list", {})).list)
    : [];
  const parts: Parts = {
    settings,
    toc: withoutSpecNames(book.catalog ?? [], ["label", "link"]),
    bookmarks: withoutSpecNames(book.bookmarks ?? [], ["pageIndex", "color", "fontColor"]),
    languages: languages.languages.map(({ code, name, checked }) => ({ code, name, checked })),
    password: {
      access: privacy.access,
      mode: privacy.mode,
      hint: privacy.hint,
      fromPage: privacy.fromPage,
      hasPassword: privacy.hasPassword,
      userNames: privacy.userNames ?? [],
    },
    download: {
      enabled: book.isDownload === "1",
      config: download
        ? {
            pdf: Boolean(download.pdf?.url) && download.isDownloadProject !== false,
            singlePages: download.hideDownloadSinglePage !== true,
            attachments: (download.attachments ?? []).map(({ name, size }) => ({ name, size })),
          }
        : null,
    },
    media: projectMedia(media),
    ...(onlineAudioPart(pageAudio) ? { pageAudio } : {}),
    ...(brands.length > 0 ? { brands } : {}),
    ...Object.fromEntries(
      (["template", "theme", "scene", "assistant"] as const).flatMap((part) =>
        stash?.extras?.[part] !== undefined ? [[part, stash.extras[part]]] : [],
      ),
    ),
  };
  return { parts, number: book.number, stash, download };
}

/** What upload leaves on the book besides its parts: the project's exact local parts and their online form then. */
export interface Stash {
  format: 1;
  local: Parts;
  online: Partial<Record<SyncPart, string>>;
  extras?: Partial<Record<"template" | "theme" | "scene" | "assistant", unknown>>;
  /** The project's title and import options: a pull into a new folder imports the original PDF with them. */
  title?: string;
  import?: Project["import"];
}

/** The stash keeps no password in clear. */
function stashable(parts: Parts): Parts {
  const copy = { ...parts };
  if (copy.password && typeof copy.password === "object") {
    const { password: _secret, users, ...rest } = copy.password as PasswordPart;
    copy.password = users ? { ...rest, users: users.map(({ name }) => ({ name, password: "" })) } : rest;
  }
  return copy;
}

async function uploadAttachment(
  cloud: Cloud,
  projectDir: string,
  file: string,
  name: string,
  purpose = "attachment",
): Promise<string> {
  const path = join(projectDir, file);
  const bytes = await readFile(path).catch(() => {
    throw new CliError(text("attachmentMissing", { file }), exitCodes.noInput);
  });
  const form = new FormData();
  form.set("purpose", purpose);
  form.set("file", new Blob([bytes]), name);
  const response = await cloud.fetch("/api/common/upload-file", { method: "POST", body: form });
  const reply = await cloud.envelope<{ url: string }>(response);
  return reply.data.url;
}

/**
 * The media items with their uploaded files (video, audio, pictures) on the target server: a file another server
 * holds (the studio's, or any) is uploaded from the project's media/ folder and the item pointed at the copy.
 */
async function portableMedia(cloud: Cloud, projectDir: string, project: Project): Promise<ProjectMedia> {
  const media = projectMedia(project.media);
  const target = new URL(cloud.server).origin;
  const studioServers = Object.keys(project.studio ?? {});
  const here = (address: string | undefined) => {
    const file = uploadedFile(address);
    if (!file) return true;
    return file.origin ? file.origin === target : studioServers.some((server) => new URL(server).origin === target);
  };
  if (media.items.every((item) => [item.url, ...(item.images ?? [])].every(here))) return media;
  const missing = await fetchMediaFiles(projectDir, media, studioServers);
  if (missing.length > 0) throw new CliError(text("attachmentMissing", { file: missing[0] ?? "" }), exitCodes.noInput);
  const copies = new Map<string, string>();
  const moved = async (address: string | undefined, item: MediaItem) => {
    const file = uploadedFile(address);
    if (!address || !file || here(address)) return address;
    const key = projectFileKey(file);
    let copy = copies.get(key);
    if (!copy) {
      const purpose = item.kind === "video" || item.kind === "audio" ? item.kind : "image";
      copy = await uploadAttachment(cloud, projectDir, key, basename(key), purpose);
      copies.set(key, copy);
    }
    return copy;
  };
  const items: MediaItem[] = [];
  for (const item of media.items) {
    const url = await moved(item.url, item);
    const images = item.images ? await Promise.all(item.images.map((image) => moved(image, item))) : undefined;
    items.push({ ...item, ...(url ? { url } : {}), ...(images ? { images: images as string[] } : {}) });
  }
  return { ...media, items };
}

/** The project's media items onto the book, one item per call; items the project no longer has are deleted. */
export async function pushMedia(cloud: Cloud, bookId: string, raw: unknown, removeOthers = false): Promise<void> {
  const media = projectMedia(raw);
  const listed = projectMedia(await cloud.post<ProjectMedia>("/api/book/get-page-media", { bookId }));
  const known = new Set(listed.items.map((item) => item.id));
  const wanted = new Set(media.items.map((item) => item.id));
  for (const item of media.items) {
    const path = known.has(item.id) ? "/api/book/update-page-media" : "/api/book/add-page-media";
    await cloud.post(path, { bookId, item: JSON.stringify(item) });
  }
  if (removeOthers) {
    for (const item of listed.items) {
      if (!wanted.has(item.id) && item.origin !== "pdf")
        await cloud.post("/api/book/delete-page-media", { bookId, id: item.id });
    }
  }
  for (const id of media.removedPdfLinks) {
    if (!listed.removedPdfLinks.includes(id)) await cloud.post("/api/book/delete-page-media", { bookId, id });
  }
}

/** A brand as the account keeps it (services/gateway/rest/book-content.md "Brands"). */
export interface Brand {
  brandId: string;
  type: string;
  title: string;
  logo: string;
  link: string;
  desc: string;
}

export { brandKinds };

const sameBrand = (a: Brand, b: Brand) =>
  a.type === b.type && a.title === b.title && a.logo === b.logo && a.link === b.link && a.desc === b.desc;

/** The brands the settings apply (by id), from a list. */
function appliedBrands(settings: Record<string, unknown>, list: readonly Brand[]): Brand[] {
  return brandKinds.flatMap((kind) => {
    const brand = list.find((candidate) => candidate.brandId === settings[kind] && candidate.type === kind);
    return brand ? [{ ...brand }] : [];
  });
}

/**
 * The settings with each applied brand pointed at the target account's equal brand, created there when it has none
 * (the brand ids of one account mean nothing on another).
 */
async function brandedSettings(
  cloud: Cloud,
  settings: Record<string, unknown>,
  raw: unknown,
): Promise<Record<string, unknown>> {
  const brands = Array.isArray(raw) ? (raw as Brand[]) : [];
  const used = brandKinds.filter((kind) => typeof settings[kind] === "string" && settings[kind] !== "");
  if (used.length === 0 || brands.length === 0) return settings;
  const { list } = await cloud.post<{ list: Brand[] }>("/api/user/brand/get-list", {});
  const result = { ...settings };
  for (const kind of used) {
    const brand = brands.find((candidate) => candidate.brandId === settings[kind] && candidate.type === kind);
    if (!brand) continue;
    let target = list.find((candidate) => sameBrand(candidate, brand));
    if (!target) {
      target = await cloud.post<Brand>("/api/user/brand/create", {
        type: brand.type,
        title: brand.title,
        logo: brand.logo,
        link: brand.link,
        desc: brand.desc,
      });
      list.push(target);
    }
    result[kind] = target.brandId;
  }
  return result;
}

/**
 * Writes every part of the project onto the book (the editor's paths, its validators) and answers the record of this
 * sync. `replace`: the book had other content before (an overwrite): parts the project lacks are reset.
 */
export async function pushProject(
  cloud: Cloud,
  projectDir: string,
  project: Project,
  book: { bookId: string; revision: number },
  replace: boolean,
  now: Date,
): Promise<SyncRecord> {
  const { bookId } = book;
  const parts = localParts(project);
  const before = await cloud.post<BookInfo>("/api/book/get-book", { bookId });
  const settings = await brandedSettings(
    cloud,
    (parts.settings as Record<string, unknown> | undefined) ?? {},
    parts.brands,
  );
  const cleared = Object.fromEntries(
    Object.keys(before.htmlConfig ?? {})
      .filter((key) => !(key in settings))
      .map((key) => [key, ""]),
  );
  const download = parts.download as ProjectDownload | undefined;
  const downloadFields: Record<string, string> = {};
  if (download) {
    const attachments = [];
    const online = (before.downloadconfig as OnlineDownloadConfig | null)?.attachments ?? [];
    for (const attachment of download.attachments ?? []) {
      const size = attachment.size ?? (await stat(join(projectDir, attachment.file))).size;
      // The same file the book already offers (name and size) is not sent again.
      const known = online.find((entry) => entry.name === attachment.name && Number(entry.size) === size);
      const url = known?.url ?? (await uploadAttachment(cloud, projectDir, attachment.file, attachment.name));
      attachments.push({ name: attachment.name, size, url });
    }
    downloadFields.isDownload = download.enabled ? "1" : "0";
    downloadFields.downloadconfig = JSON.stringify({
      // The original PDF's download path (as the book service's default config has it); none when the project
      // offers no PDF download.
      pdf: {
        isOriginPath: true,
        url: download.pdf === false ? "" : `/download/download-pdf-file.php?bookid=${encodeURIComponent(bookId)}`,
        urlOnlink: "",
      },
      isDownloadProject: download.pdf !== false,
      isDownloadAttach: attachments.length > 0,
      attachments,
      hideDownloadSinglePage: download.singlePages === false,
      code: "",
    });
  } else if (replace) downloadFields.isDownload = "0";
  await cloud.post("/api/book/update-book", {
    bookId,
    bookConfig: JSON.stringify({ ...cleared, ...settings }),
    // A page display mode the project changed clears the book's page audio (spec 001 §4); the project's own page
    // audio is written back below.
    clearPageAudio: "1",
    ...downloadFields,
  });
  await cloud.post("/api/book/save-book-catalog", {
    bookId,
    catalog: JSON.stringify(Array.isArray(parts.toc) ? parts.toc : []),
  });
  await cloud.post("/api/book/save-book-bookmark", {
    bookId,
    bookmarks: JSON.stringify(Array.isArray(parts.bookmarks) ? parts.bookmarks : []),
  });
  if (Array.isArray(parts.languages) && parts.languages.length > 0) {
    await cloud.post("/api/book/save-book-language", { bookId, languages: JSON.stringify(parts.languages) });
  } else if (replace) await cloud.post("/api/book/reset-book-language", { bookId });
  const password = parts.password as PasswordPart | undefined;
  if (password || replace) {
    await cloud.post("/api/book/set-book-privacy", {
      bookId,
      access: password?.access ?? "public",
      mode: password?.mode ?? "single",
      hint: password?.hint ?? "",
      fromPage: String(password?.fromPage ?? 1),
      password: password?.password ?? "",
      ...(password?.mode === "users" ? { users: JSON.stringify(password.users ?? []) } : {}),
    });
  }
  if (parts.media !== undefined || replace) {
    await pushMedia(cloud, bookId, await portableMedia(cloud, projectDir, project), replace);
  }
  await pushPageAudio(cloud, projectDir, bookId, parts.pageAudio, replace);
  // The record and the stash hold the online form as it reads now, after the service's own normalising.
  const online = await readOnline(cloud, bookId);
  const onlineFingerprints = localFingerprints(online.parts);
  const extras = Object.fromEntries(
    (["template", "theme", "scene", "assistant"] as const).flatMap((part) =>
      parts[part] !== undefined ? [[part, parts[part]]] : [],
    ),
  );
  const stash: Stash = {
    format: 1,
    local: stashable(parts),
    online: onlineFingerprints,
    extras,
    title: project.title,
    import: project.import,
  };
  await cloud.post("/api/book/save-custom-content", { bookId, key: stashKey, content: JSON.stringify(stash) });
  const parts2 = { ...online.parts, ...extras };
  return {
    bookId,
    number: online.number,
    revision: book.revision,
    syncedAt: now.toISOString(),
    online: parts2,
    local: localFingerprints(parts),
  };
}

/** Writes project.json as given (bookkeeping and pulled parts are written at once, as the studio link is). */
export async function writeProjectFile(projectDir: string, project: Project): Promise<void> {
  const { writeFileAtomic } = await import("./atomic-write.js");
  await writeFileAtomic(join(projectDir, "project.json"), `${JSON.stringify(project, null, 2)}\n`);
}
