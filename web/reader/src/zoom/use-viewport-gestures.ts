import { useRef } from "react";
import type { Zoom } from "./use-zoom.js";

/**
 * The viewport's wheel and pointers: the wheel turns (Ctrl-wheel zooms); zoomed, a drag pans the page and never
 * turns it; two fingers pinch-zoom and never turn either.
 */
export function useViewportGestures(
  viewport: HTMLElement | null,
  { zoom, zoomIndex, setZoomIndex, levelCount }: Zoom,
  turn: (forward: boolean) => void,
) {
  const wheelLock = useRef(0);
  const onWheel = (event: React.WheelEvent) => {
    if (event.ctrlKey) {
      setZoomIndex((index) => Math.min(Math.max(index + (event.deltaY < 0 ? 1 : -1), 0), levelCount - 1));
      return;
    }
    if (zoom > 1 || Math.abs(event.deltaY) < 20) return;
    const now = performance.now();
    if (now - wheelLock.current < 400) return;
    wheelLock.current = now;
    turn(event.deltaY > 0);
  };

  const pan = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const pinch = useRef(new Map<number, { x: number; y: number }>());
  const pinchStart = useRef<{ distance: number; zoomIndex: number } | null>(null);
  const onPointerDownCapture = (event: React.PointerEvent<HTMLElement>) => {
    pinch.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current.size === 2) {
      const [a, b] = [...pinch.current.values()];
      if (a && b) pinchStart.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), zoomIndex };
      event.stopPropagation();
      return;
    }
    if (zoom > 1 && viewport) {
      pan.current = { x: event.clientX, y: event.clientY, left: viewport.scrollLeft, top: viewport.scrollTop };
      event.currentTarget.setPointerCapture(event.pointerId);
    }
  };
  const onPointerMove = (event: React.PointerEvent<HTMLElement>) => {
    if (pinch.current.has(event.pointerId)) pinch.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current.size === 2 && pinchStart.current) {
      const [a, b] = [...pinch.current.values()];
      if (a && b) {
        const ratio = Math.hypot(a.x - b.x, a.y - b.y) / pinchStart.current.distance;
        const steps = Math.round(Math.log2(ratio) * 2);
        setZoomIndex(Math.min(Math.max(pinchStart.current.zoomIndex + steps, 0), levelCount - 1));
      }
      return;
    }
    if (pan.current && viewport) {
      viewport.scrollLeft = pan.current.left - (event.clientX - pan.current.x);
      viewport.scrollTop = pan.current.top - (event.clientY - pan.current.y);
    }
  };
  const onPointerUp = (event: React.PointerEvent<HTMLElement>) => {
    pinch.current.delete(event.pointerId);
    if (pinch.current.size < 2) pinchStart.current = null;
    pan.current = null;
  };
  return {
    onWheel,
    onPointerDownCapture,
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
  };
}
