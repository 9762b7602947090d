/**
 * How long the gateway keeps a manifest it read: a finished revision's for a minute (it no longer changes), a
 * converting one's for a second (pages land), and one that does not show page 1 yet (or no manifest yet) for a
 * fifth of a second: its owner is waiting for page 1 (issue 13: readable ≤ 1.5 s after end-upload), and a
 * second's cache was up to a second of that wait. A ready revision whose scanned pages OCR still reads is written
 * once more when their text is in: a second, as a converting one.
 */
import type { Manifest } from "@turnleaf/book-format";

export function manifestCacheMs(manifest: Manifest | null): number {
  if (manifest?.state === "ready") return manifest.ocrPending?.length ? 1_000 : 60_000;
  return manifest?.pages[0]?.ready ? 1_000 : 200;
}
