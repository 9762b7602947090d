export interface Rendition {
  width: number;
  url: string;
}

/**
 * The smallest rendition at least as wide as the page is drawn in device pixels (zoom included), or the
 * largest there is: sharp text without fetching more than the screen shows.
 */
export function pickRendition(
  renditions: readonly Rendition[],
  cssWidth: number,
  devicePixelRatio: number,
  zoom: number,
) {
  if (renditions.length === 0) return undefined;
  const needed = cssWidth * devicePixelRatio * zoom;
  const sorted = [...renditions].sort((a, b) => a.width - b.width);
  return sorted.find((rendition) => rendition.width >= needed * 0.95) ?? sorted[sorted.length - 1];
}
