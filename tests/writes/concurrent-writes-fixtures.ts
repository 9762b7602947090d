/**
 * What the concurrent-writes tests share (concurrent-writes-book.test.ts, concurrent-writes-own-keys.test.ts): 50
 * writers at once, and a tally of their replies' codes.
 */
import { form, postTo, type Reply } from "../support/system.js";

export const writers = 50;

/** Posts a form to the gateway at `gatewayUrl` as the demo user. */
export const poster = (gatewayUrl: string) => (path: string, fields: Record<string, string>) =>
  postTo(gatewayUrl, path, form(fields));

export const all = <T>(count: number, write: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => write(index)));

/** How many replies had each code, with the first text of each failing code (so a failure says why). */
export const codes = (replies: Reply[]) =>
  replies.reduce<Record<string, number | string>>((counts, reply) => {
    counts[reply.code] = Number(counts[reply.code] ?? 0) + 1;
    if (reply.code !== "OK" && reply.code !== "SAVE_CONFLICT") counts[`${reply.code} text`] ??= reply.msg;
    return counts;
  }, {});
