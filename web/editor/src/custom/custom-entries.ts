import type { Bookmark, CatalogNode } from "../api.js";

/**
 * Custom config and custom content as the book service stores them (gateway rest/book-content.md): a book's custom
 * config is keyed by spec 001's config kinds, so the owner's name for one travels inside its JSON beside the
 * settings (the settings stay at the top level, where the server's settings validator checks them on save);
 * custom content is keyed blocks of a book, here the book's contents (TOC and bookmark tabs) saved under a name.
 */

/** The config kinds the editor saves: every setting of the book, or only its look (the design tab's settings). */
export const configKinds = ["config", "theme"] as const;
export type ConfigKind = (typeof configKinds)[number];

/** The key in a custom config's JSON that holds the owner's name for it (the catalogue has no such setting). */
export const configNameKey = "customConfigName";

/** What the server answers for one kind of a book's custom config (`config` null when none is saved). */
export interface StoredConfig {
  type: string;
  config: unknown;
  updatedAt: string;
}

export interface SavedConfig {
  kind: ConfigKind;
  name: string;
  settings: Record<string, unknown>;
  updatedAt: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The longest name the panels accept (the server's key limit for content; the same for config names). */
export const customNameMax = 64;

/** The JSON saved for a kind: the chosen settings and the name. */
export function configJson(name: string, settings: Record<string, unknown>): string {
  return JSON.stringify({ ...settings, [configNameKey]: name.trim() });
}

/** A stored custom config as the panel lists it; undefined when the kind holds none (or not an object). */
export function savedConfigOf(kind: ConfigKind, stored: StoredConfig): SavedConfig | undefined {
  if (!isRecord(stored.config)) return undefined;
  const { [configNameKey]: name, ...settings } = stored.config;
  // One saved by another client may have no name: "" (the panel names it by its kind).
  return { kind, name: typeof name === "string" ? name : "", settings, updatedAt: stored.updatedAt };
}

/**
 * The settings a kind saves from the editor's document: `config` every setting of the book, `theme` only those the
 * look is made of (the design tab's settings and the design the book records).
 */
export function settingsForKind(
  kind: ConfigKind,
  settings: Record<string, unknown>,
  lookKeys: ReadonlySet<string>,
): Record<string, unknown> {
  const chosen: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined || key === configNameKey) continue;
    if (kind === "config" || lookKeys.has(key)) chosen[key] = value;
  }
  return chosen;
}

/** The custom content key rule of the book service: 1–64 letters, digits, '-', '_' or '.'. */
export const contentKeyPattern = /^[A-Za-z0-9_.-]{1,64}$/;

/** A content block: the book's contents as they were saved. */
export interface ContentBlock {
  catalog: CatalogNode[];
  bookmarks: Bookmark[];
}

export interface SavedContent {
  key: string;
  content: unknown;
  updatedAt: string;
}

/** A TOC without the server's entry ids: applied to a book, its entries get ids of that book. */
function withoutIds(nodes: CatalogNode[]): CatalogNode[] {
  return nodes.map(({ id: _id, children, ...node }) => ({ ...node, children: withoutIds(children ?? []) }));
}

/** The block saved for a book's stored contents. */
export function contentJson(catalog: CatalogNode[], bookmarks: Bookmark[]): string {
  return JSON.stringify({ catalog: withoutIds(catalog), bookmarks } satisfies ContentBlock);
}

/** A stored block read back; a block that is not the editor's (other JSON a client saved) answers undefined. */
export function contentBlockOf(content: unknown): ContentBlock | undefined {
  if (!isRecord(content)) return undefined;
  const { catalog, bookmarks } = content;
  if (!Array.isArray(catalog) && !Array.isArray(bookmarks)) return undefined;
  return {
    catalog: Array.isArray(catalog) ? withoutIds(catalog as CatalogNode[]) : [],
    bookmarks: Array.isArray(bookmarks) ? (bookmarks as Bookmark[]) : [],
  };
}

/** How many TOC entries a block holds, nested ones included. */
export function entryCount(nodes: CatalogNode[]): number {
  return nodes.reduce((count, node) => count + 1 + entryCount(node.children ?? []), 0);
}
