/**
 * Pure checks shared by the settings validator, the book service and the editor: text normalisation, link schemes
 * and JSON nesting. Browser-safe (no Node APIs).
 */

/**
 * Control characters (C0 but tab and line feed, DEL, C1) and the bidi embedding/override/isolate characters
 * U+202A–U+202E and U+2066–U+2069, which can make a title read differently from what it stores.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const removedEverywhere = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A text as stored: the characters above removed; a single-line text also loses its line breaks and tabs (each
 * becomes a space), a multi-line one keeps line feeds (CR LF and CR become LF).
 */
export function normaliseText(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const lines = text.replace(/\r\n?/g, "\n");
  const cleaned = lines.replace(removedEverywhere, "");
  return multiline ? cleaned : cleaned.replace(/[\n\t]/g, " ");
}

/** Whether a text holds anything `normaliseText` would remove (line breaks aside). */
export function hasRemovedCharacters(text: string): boolean {
  return new RegExp(removedEverywhere.source).test(text);
}

/** URL schemes a stored link may use; anything else (javascript:, data:, vbscript:, file:, blob: …) is refused. */
export const linkSchemes = ["http", "https"] as const;

/**
 * Whether a link or file path may be stored: an http(s) URL with a host, a path on this site (`/…`, never `//host`),
 * or a path relative to the book's own folder (no `..` segment). No whitespace, control characters or backslashes
 * anywhere (browsers drop them inside a scheme: `java\tscript:`). "" is fine (no link).
 */
export function isSafeLink(value: string): boolean {
  const link = value.trim();
  if (link === "") return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(link)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link)?.[1];
  if (scheme !== undefined) {
    if (!(linkSchemes as readonly string[]).includes(scheme.toLowerCase())) return false;
    return /^https?:\/\/[^/?#@]+/i.test(link);
  }
  if (link.startsWith("//")) return false;
  const path = link.split(/[?#]/)[0] ?? "";
  // A colon before the first slash would be read as a scheme by some parsers.
  if (/^[^/]*:/.test(path)) return false;
  return !path.split("/").some((segment) => segment === "..");
}

/** A link inside content (a PDF's link annotation, a plug-in's address): also `mailto:`. */
export function isSafeContentLink(value: string): boolean {
  const link = value.trim();
  if (/^mailto:/i.test(link)) return !/[\s<>"\\]/.test(link.slice(7)) && link.length > 7;
  return isSafeLink(link);
}

export interface JsonBounds {
  /** Objects and arrays inside each other at most this deep (the top level is 1). */
  maxDepth: number;
  /** UTF-16 code units of the text (the caller may check bytes before). */
  maxLength: number;
}

export const defaultJsonBounds: JsonBounds = { maxDepth: 16, maxLength: 1024 * 1024 };

/** The deepest nesting of objects and arrays in a JSON text, counted without parsing (strings skipped). */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return deepest;
}

export type BoundedJson = { ok: true; value: unknown } | { ok: false; reason: "tooDeep" | "tooLarge" | "invalidJson" };

/**
 * JSON.parse behind a depth and length check: a 10,000-deep document is refused before anything recurses over it
 * (JSON.stringify, structured clones and BSON encoders all do).
 */
export function parseBoundedJson(text: string, bounds: JsonBounds = defaultJsonBounds): BoundedJson {
  if (text.length > bounds.maxLength) return { ok: false, reason: "tooLarge" };
  if (jsonNestingDepth(text, bounds.maxDepth) > bounds.maxDepth) return { ok: false, reason: "tooDeep" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: "invalidJson" };
  }
}

/** The deepest nesting of an already parsed value (iterative: safe on any depth). */
export function valueDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop() as [unknown, number];
    if (next === null || typeof next !== "object") continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(next as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Every string inside a parsed value, with its path (`a.b[2]`), iteratively. */
export function stringsIn(value: unknown): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [next, path] = stack.pop() as [unknown, string];
    if (typeof next === "string") found.push({ path, text: next });
    else if (Array.isArray(next)) {
      for (const [index, child] of next.entries()) stack.push([child, `${path}[${index}]`]);
    } else if (next !== null && typeof next === "object")
      for (const [key, child] of Object.entries(next)) stack.push([child, path ? `${path}.${key}` : key]);
  }
  return found;
}
