import type { SearchIndex } from "../book.js";

/** Pages containing every word of the query (case- and accent-insensitive), with an excerpt around the first hit. */
export function searchPages(index: SearchIndex, query: string, limit = 100): { page: number; excerpt: string }[] {
  const fold = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/\p{Diacritic}/gu, "")
      .toLocaleLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const results: { page: number; excerpt: string }[] = [];
  for (const entry of index.pages) {
    const text = fold(entry.text);
    if (!words.every((word) => text.includes(word))) continue;
    // Excerpt positions come from the original text: folding may change its length.
    const at = Math.max(0, entry.text.toLocaleLowerCase().indexOf(words[0] as string));
    const start = Math.max(0, at - 30);
    results.push({ page: entry.page, excerpt: `${start > 0 ? "…" : ""}${entry.text.slice(start, at + 60).trim()}…` });
    if (results.length >= limit) break;
  }
  return results;
}
