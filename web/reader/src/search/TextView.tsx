import { useEffect, useState } from "react";
import type { ReaderBook, SearchIndex } from "../book.js";
import { useLabels } from "../language/labels-context.js";

/** The book as text in reading order: for screen readers, search engines' users and small screens. */
export function TextView({
  book,
  load,
  onClose,
}: {
  book: ReaderBook;
  load(): Promise<SearchIndex | null>;
  onClose(): void;
}) {
  const labels = useLabels();
  const [index, setIndex] = useState<SearchIndex | null>(null);
  useEffect(() => {
    load().then(setIndex);
  }, [load]);
  return (
    <div className="tl-text-view">
      <button type="button" className="tl-text-view-close" onClick={onClose}>
        {labels.bookView}
      </button>
      <article lang={document.documentElement.lang || undefined}>
        <h2>{book.title}</h2>
        {index ? (
          index.pages.map((entry) => (
            <section key={entry.page} aria-label={labels.page(entry.page)}>
              <h3>{labels.page(entry.page)}</h3>
              <p>{entry.text}</p>
            </section>
          ))
        ) : (
          <p>{labels.loading}</p>
        )}
      </article>
    </div>
  );
}
