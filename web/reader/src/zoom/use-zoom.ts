import { type Dispatch, type SetStateAction, useMemo, useState } from "react";
import { zoomLevelsFor } from "./zoom-levels.js";

export interface Zoom {
  /** The current zoom factor (1: the page as it fits). */
  zoom: number;
  zoomIndex: number;
  setZoomIndex: Dispatch<SetStateAction<number>>;
  /** How many levels there are: zoomIndex runs from 0 to levelCount − 1. */
  levelCount: number;
}

/** The zoom: a step among the book's zoom levels (its zoom widths over the drawn page width, up to 400 %). */
export function useZoom(zoomWidths: readonly number[], pageWidth: number): Zoom {
  const [zoomIndex, setZoomIndex] = useState(0);
  const zoomLevels = useMemo(() => zoomLevelsFor(zoomWidths, pageWidth), [zoomWidths, pageWidth]);
  const zoom = zoomLevels[Math.min(zoomIndex, zoomLevels.length - 1)] ?? 1;
  return { zoom, zoomIndex, setZoomIndex, levelCount: zoomLevels.length };
}
