import { createContext, type ReactNode, useContext } from "react";

/** The words of the last search a reader jumped from: the pages mark them in their text layer. */
export const SearchHighlight = createContext<string>("");

export const useSearchHighlight = () => useContext(SearchHighlight);

const fold = (text: string) => text.toLocaleLowerCase();

/** A run of the page's text with the searched words in it marked (case-insensitive). */
export function highlighted(run: string, query: string): ReactNode {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return run;
  const lower = fold(run);
  const marks: [number, number][] = [];
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length)) {
      marks.push([at, at + word.length]);
    }
  }
  if (marks.length === 0) return run;
  marks.sort((a, b) => a[0] - b[0]);
  const parts: ReactNode[] = [];
  let from = 0;
  for (const [start, end] of marks) {
    if (start < from) continue;
    if (start > from) parts.push(run.slice(from, start));
    parts.push(
      <mark key={start} className="tl-hit">
        {run.slice(start, end)}
      </mark>,
    );
    from = end;
  }
  if (from < run.length) parts.push(run.slice(from));
  return parts;
}
