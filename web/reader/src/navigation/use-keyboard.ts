import { type Dispatch, type SetStateAction, useEffect } from "react";
import type { Direction } from "../engine/layout.js";

/**
 * The keyboard: ← → (reversed for right-to-left books), ↑ ↓, PageUp/PageDown, Space/Shift-Space turn, Home/End go
 * to the first and last page, + − zoom, Escape closes the side panel and the magnifier. Keys typed into a field or
 * a dialog are left alone; while zoomed the arrows pan.
 */
export function useKeyboard({
  turn,
  goToPage,
  pageCount,
  zoom,
  direction,
  levelCount,
  setZoomIndex,
  onEscape,
}: {
  turn(forward: boolean): void;
  goToPage(page: number): void;
  pageCount: number;
  zoom: number;
  direction: Direction;
  levelCount: number;
  setZoomIndex: Dispatch<SetStateAction<number>>;
  /** Stable (a callback that only sets state): the listener is not renewed for it. */
  onEscape(): void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select, [contenteditable=true], dialog")) return;
      // Vertical books read top to bottom whatever their direction: ← → keep their left-to-right meaning.
      const rtl = direction === "rtl";
      const zoomBy = (steps: number) => () =>
        setZoomIndex((index) => Math.min(Math.max(index + steps, 0), levelCount - 1));
      let action: (() => void) | undefined;
      switch (event.key) {
        case "ArrowRight":
          action = () => turn(!rtl);
          break;
        case "ArrowLeft":
          action = () => turn(rtl);
          break;
        case "ArrowDown":
        case "PageDown":
          action = () => turn(true);
          break;
        case "ArrowUp":
        case "PageUp":
          action = () => turn(false);
          break;
        case " ":
          action = () => turn(!event.shiftKey);
          break;
        case "Home":
          action = () => goToPage(1);
          break;
        case "End":
          action = () => goToPage(pageCount);
          break;
        case "+":
        case "=":
          action = zoomBy(1);
          break;
        case "-":
          action = zoomBy(-1);
          break;
        case "Escape":
          action = onEscape;
          break;
      }
      const zoomKey = event.key === "+" || event.key === "=" || event.key === "-";
      if (!action || event.altKey || event.metaKey || (event.ctrlKey && !zoomKey)) return;
      if (zoom > 1 && event.key.startsWith("Arrow")) return; // arrows pan the zoomed page
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [turn, goToPage, pageCount, zoom, direction, levelCount, setZoomIndex, onEscape]);
}
