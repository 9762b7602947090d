/**
 * The pull side of the project sync (./project-sync.ts): the online book's parts in the project's form, the files
 * they name (attachments, media, page audio) downloaded into the project, and the book's original PDF.
 */

import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Cloud } from "./cloud.js";
import { CliError } from "./errors.js";
import { text } from "./i18n/text.js";
import { fetchMediaFiles } from "./media-files.js";
import { fetchPageAudio, type OnlinePageAudio, projectAudioOf } from "./page-audio/audio-sync.js";
import { projectMedia } from "./page-media.js";
import {
  attachmentsFolder,
  fingerprint,
  type Parts,
  type PasswordPart,
  type ProjectDownload,
  type readOnline,
  type SyncPart,
  syncParts,
} from "./project-sync.js";

/** A file name safe to write into the project (no folders, no dots first). */
const safeName = (name: string) =>
  basename(name)
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .replace(/^\.+/, "_") || "file";

/** A download the server refused (its HTTP status), for the caller to word. */
export class DownloadRefused extends CliError {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(text("downloadRefused", { url, status }), 75);
    this.name = "DownloadRefused";
  }
}

async function downloadTo(cloud: Cloud, url: string, target: string): Promise<void> {
  const address = new URL(url, cloud.server);
  const path = `${address.pathname}${address.search}`;
  const response =
    address.origin === new URL(cloud.server).origin ? await cloud.fetch(path) : await fetch(address.href);
  if (response.status !== 200) throw new DownloadRefused(url, response.status);
  await mkdir(join(target, ".."), { recursive: true });
  await writeFile(`${target}.part`, Buffer.from(await response.arrayBuffer()));
  await rename(`${target}.part`, target);
}

/**
 * The online book's parts in the project's form: where a part is unchanged online since the last upload, the exact
 * local form that upload stashed; otherwise converted from what the paths answer. Attachments come into the
 * project's attachments/ folder.
 */
export async function pulledParts(
  cloud: Cloud,
  projectDir: string,
  online: Awaited<ReturnType<typeof readOnline>>,
  localPassword: PasswordPart | undefined,
): Promise<Parts> {
  const { parts, stash, download } = online;
  const unchanged = (part: SyncPart) =>
    stash !== undefined && stash.online[part] !== undefined && stash.online[part] === fingerprint(parts[part]);
  const result: Parts = {};
  for (const part of syncParts) {
    if (unchanged(part)) {
      if (stash?.local[part] !== undefined) result[part] = stash.local[part];
      continue;
    }
    const value = parts[part];
    switch (part) {
      case "settings":
        if (value && Object.keys(value as object).length > 0) result.settings = value;
        else result.settings = {};
        break;
      case "toc":
      case "bookmarks":
      case "languages":
        if (Array.isArray(value) && value.length > 0) result[part] = part === "toc" ? tocOf(value) : value;
        break;
      case "password": {
        const privacy = value as {
          access: PasswordPart["access"];
          mode: "single" | "users";
          hint: string;
          fromPage: number;
          userNames?: string[];
        };
        if (privacy.access !== "public") {
          result.password = {
            access: privacy.access,
            mode: privacy.mode,
            hint: privacy.hint,
            fromPage: privacy.fromPage,
            // The readers' names come back; their passwords stay on the server (empty keeps each one there).
            ...(privacy.mode === "users"
              ? { users: (privacy.userNames ?? []).map((name) => ({ name, password: "" })) }
              : {}),
          };
        }
        break;
      }
      case "download": {
        const state = value as { enabled: boolean; config: { pdf: boolean; singlePages: boolean } | null };
        if (state.enabled || state.config) {
          result.download = {
            enabled: state.enabled,
            pdf: state.config?.pdf ?? true,
            singlePages: state.config?.singlePages ?? true,
            attachments: (download?.attachments ?? []).map((attachment) => ({
              name: attachment.name,
              file: `${attachmentsFolder}/${safeName(attachment.name)}`,
              size: attachment.size,
            })),
          } satisfies ProjectDownload;
        }
        break;
      }
      case "media": {
        const media = projectMedia(value);
        if (media.items.length > 0 || media.removedPdfLinks.length > 0) result.media = media;
        break;
      }
      case "pageAudio":
        if (value !== undefined) result.pageAudio = projectAudioOf(value as OnlinePageAudio);
        break;
      default:
        if (value !== undefined) result[part] = value;
    }
  }
  // The password never comes back from the server: the project keeps its own.
  if (result.password && localPassword?.password) {
    result.password = { ...(result.password as PasswordPart), password: localPassword.password };
  }
  const pulledUsers = (result.password as PasswordPart | undefined)?.users;
  if (pulledUsers && localPassword?.users) {
    const local = new Map(localPassword.users.map((user) => [user.name, user.password]));
    (result.password as PasswordPart).users = pulledUsers.map((user) => ({
      name: user.name,
      password: local.get(user.name) ?? user.password,
    }));
  }
  // The media items' uploaded files come into the project's media/ folder (publish ships them offline).
  if (result.media) await fetchMediaFiles(projectDir, projectMedia(result.media), [cloud.server]);
  // Page audio's MP3s come into the project's audio/ folder (replaced when the online audio changed since).
  if (result.pageAudio) {
    await fetchPageAudio(
      projectDir,
      result.pageAudio,
      parts.pageAudio as OnlinePageAudio | undefined,
      !unchanged("pageAudio"),
      (url, target) => downloadTo(cloud, url, target),
    );
  }
  // Attachments' bytes: each named file of the project's download config, fetched from the book's download config.
  const wanted = (result.download as ProjectDownload | undefined)?.attachments ?? [];
  for (const attachment of wanted) {
    const target = join(projectDir, attachment.file);
    if (existsSync(target)) continue;
    const online = download?.attachments?.find((entry) => entry.name === attachment.name);
    if (online?.url) await downloadTo(cloud, online.url, target);
  }
  return result;
}

interface CatalogNode {
  title: string;
  page: number;
  url?: string;
  collapsed?: boolean;
  children?: CatalogNode[];
}

/** The catalog in the project's TOC form: no server ids, no empty links. */
function tocOf(nodes: unknown[]): CatalogNode[] {
  return (nodes as CatalogNode[]).map((node) => ({
    title: node.title,
    page: node.page,
    ...(node.url ? { url: node.url } : {}),
    ...(node.collapsed ? { collapsed: true } : {}),
    children: tocOf(node.children ?? []),
  }));
}

/** The owner's original PDF of the book (for a pull into a new project). */
export async function downloadOriginalPdf(cloud: Cloud, bookId: string, target: string): Promise<void> {
  await downloadTo(cloud, `/download/download-pdf-file.php?bookid=${encodeURIComponent(bookId)}`, target);
}
