/**
 * Where a ready book's search stands, for the owner's screens (get-progress `search`): "preparing" while OCR still
 * reads its scanned pages (the book is ready and readable meanwhile), "ready" when its index is complete, "none"
 * when the import asked for no search (or the manifest is not known).
 */
import type { Manifest } from "@turnleaf/book-format";

export type SearchState = "preparing" | "ready" | "none";

export function searchState(manifest: Manifest | null): SearchState {
  if (manifest?.state !== "ready") return "none";
  if (manifest.ocrPending?.length) return "preparing";
  return manifest.search ? "ready" : "none";
}
