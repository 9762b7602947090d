import { useCallback, useState } from "react";
import type { SearchIndex } from "../book.js";

/** The book's search index, fetched once when the search panel or the text view first needs it. */
export function useSearchIndex(searchUrl: string | null): () => Promise<SearchIndex | null> {
  const [searchIndex, setSearchIndex] = useState<SearchIndex | null>(null);
  return useCallback(async () => {
    if (searchIndex || !searchUrl) return searchIndex;
    const response = await fetch(searchUrl);
    const index = response.ok ? ((await response.json()) as SearchIndex) : { pages: [] };
    setSearchIndex(index);
    return index;
  }, [searchIndex, searchUrl]);
}
