/**
 * The import page range (`1,5-8,20`) resolved against the number of pages the sources hold together. The upload
 * service validates the range with the user's messages before a job exists; this is the worker's own minimal
 * reading of the same format, so a job that still carries a bad range fails clearly instead of guessing.
 */
const part = /^(\d+)(?:-(\d+))?$/;

export class PageRangeError extends Error {
  constructor(
    readonly range: string,
    readonly pageCount: number,
  ) {
    super(`page range "${range}" does not fit ${pageCount} pages`);
    this.name = "PageRangeError";
  }
}

/** 1-based page numbers, ascending and distinct; an empty range means every page. */
export function resolvePageRange(range: string, pageCount: number): number[] {
  const text = range.trim();
  if (text === "") return Array.from({ length: pageCount }, (_, index) => index + 1);
  const pages = new Set<number>();
  for (const piece of text.split(",")) {
    const match = part.exec(piece.trim());
    if (!match) throw new PageRangeError(range, pageCount);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1 || last < first || last > pageCount) throw new PageRangeError(range, pageCount);
    for (let page = first; page <= last; page++) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}
