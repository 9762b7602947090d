import { useEffect, useState } from "react";

export const toolbarHeight = 48;

/** The viewport element's size, followed as it changes (the window less the toolbar until it is drawn). */
export function useViewportSize(element: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight - toolbarHeight });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
