/** Last-page memory: the page this browser was at when it left a book, kept in localStorage by link. */
const memoryKey = (link: string) => `turnleaf:last-page:${link}`;

export function rememberedPage(link: string): number | null {
  try {
    return Number(window.localStorage.getItem(memoryKey(link))) || null;
  } catch {
    return null;
  }
}

export function rememberPage(link: string, page: number): void {
  try {
    window.localStorage.setItem(memoryKey(link), String(page));
  } catch {
    // Storage may be off (private mode): the book simply opens at its start next time.
  }
}
