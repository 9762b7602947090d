/**
 * Zoom levels from the catalogue's zoom widths: each width over the drawn page width, kept between 100 % and 400 %;
 * the reader's own steps when none fit.
 */
export function zoomLevelsFor(widths: readonly number[], drawnWidth: number): number[] {
  const steps = widths.map((width) => width / Math.max(drawnWidth, 1)).filter((zoom) => zoom > 1.05 && zoom <= 4);
  return steps.length > 0 ? [1, ...steps] : [1, 1.5, 2, 3, 4];
}
