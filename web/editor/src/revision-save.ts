import { ApiError } from "./api.js";

/**
 * Saves of a whole document (the download config, the catalog, the bookmark list) carry the revision the editor
 * loaded. When another tab or person saved since, the server answers SAVE_CONFLICT and changes nothing; the editor
 * then reloads the stored document, applies its own change again on top of it and saves at the new revision.
 */

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * My change (`base` → `mine`) applied again on `theirs`: what I left as it was takes their value, what they left
 * takes mine; inside objects (and lists whose length neither side changed) field by field; where both changed the
 * same thing, mine (it is what the person just did).
 */
export function reapply(base: unknown, mine: unknown, theirs: unknown): unknown {
  if (same(mine, base)) return theirs;
  if (same(theirs, base)) return mine;
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const merged: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])) {
      const value = reapply(base[key], mine[key], theirs[key]);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  if (
    Array.isArray(base) &&
    Array.isArray(mine) &&
    Array.isArray(theirs) &&
    mine.length === base.length &&
    theirs.length === base.length
  ) {
    return base.map((entry, index) => reapply(entry, mine[index], theirs[index]));
  }
  return mine;
}

export const saveConflictCode = "SAVE_CONFLICT";

/**
 * Sends `mine` at `revision`; on a conflict reloads, re-applies and sends again (a few times). Answers the server's
 * reply and the value that was saved.
 */
export async function saveAtRevision<Value, Reply>(options: {
  base: Value;
  mine: Value;
  revision: number | undefined;
  send: (value: Value, revision: number | undefined) => Promise<Reply>;
  reload: () => Promise<{ value: Value; revision: number }>;
  attempts?: number;
}): Promise<{ reply: Reply; saved: Value }> {
  let { base, mine, revision } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return { reply: await options.send(mine, revision), saved: mine };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === saveConflictCode) || attempt >= (options.attempts ?? 3)) {
        throw error;
      }
    }
    const theirs = await options.reload();
    mine = reapply(base, mine, theirs.value) as Value;
    base = theirs.value;
    revision = theirs.revision;
  }
}
