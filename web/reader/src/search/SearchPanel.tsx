import { useEffect, useRef, useState } from "react";
import type { SearchIndex } from "../book.js";
import { searchPages } from "../engine/search.js";
import { useLabels } from "../language/labels-context.js";

export function SearchPanel({
  load,
  minLength,
  onGo,
  onClose,
}: {
  load(): Promise<SearchIndex | null>;
  minLength: number;
  /** A result chosen: its page and the words searched. */
  onGo(page: number, query: string): void;
  onClose(): void;
}) {
  const labels = useLabels();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<{ page: number; excerpt: string }[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (query.trim().length < minLength) {
      setResults(null);
      return;
    }
    let cancelled = false;
    load().then((index) => {
      if (!cancelled && index) setResults(searchPages(index, query));
    });
    return () => {
      cancelled = true;
    };
  }, [query, minLength, load]);
  return (
    <aside className="tl-panel" aria-label={labels.search}>
      <header>
        <h2>{labels.search}</h2>
        <button type="button" onClick={onClose} aria-label={labels.close}>
          ×
        </button>
      </header>
      <input
        ref={input}
        type="search"
        value={query}
        placeholder={labels.searchPlaceholder}
        aria-label={labels.searchPlaceholder}
        onChange={(event) => setQuery(event.target.value)}
      />
      {results && results.length === 0 ? <p>{labels.noResults}</p> : null}
      <ul aria-live="polite">
        {results?.map((result) => (
          <li key={result.page}>
            <button type="button" onClick={() => onGo(result.page, query.trim())}>
              <span className="tl-outline-page">{labels.page(result.page)}</span>
              <span>{result.excerpt}</span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
