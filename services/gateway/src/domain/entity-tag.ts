import { createHash } from "node:crypto";

/**
 * A weak entity tag of a body: weak because the same JSON goes out as brotli, gzip or plain bytes, and a strong
 * tag would promise one byte sequence.
 */
export function entityTag(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2), `*` included. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
