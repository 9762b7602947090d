import { useEffect, useState } from "react";

/**
 * Hides the loader once its minimum time has passed and the first page picture has loaded (at most 10 s: a picture
 * that never loads must not keep the book hidden).
 */
export function useLoaderDone(minSeconds: number, enabled: boolean): boolean {
  const [done, setDone] = useState(!enabled);
  useEffect(() => {
    if (!enabled) return;
    let minimumOver = false;
    let pictureIn = document.querySelector<HTMLImageElement>(".tl-page-image")?.complete ?? false;
    const check = () => {
      if (minimumOver && pictureIn) setDone(true);
    };
    const onLoad = (event: Event) => {
      if ((event.target as Element | null)?.classList?.contains("tl-page-image")) {
        pictureIn = true;
        check();
      }
    };
    document.addEventListener("load", onLoad, true);
    const minimum = window.setTimeout(() => {
      minimumOver = true;
      pictureIn ||= document.querySelector<HTMLImageElement>(".tl-page-image")?.complete ?? false;
      check();
    }, Math.max(0, minSeconds) * 1000);
    const cap = window.setTimeout(() => setDone(true), Math.max(10, minSeconds) * 1000);
    return () => {
      document.removeEventListener("load", onLoad, true);
      window.clearTimeout(minimum);
      window.clearTimeout(cap);
    };
  }, [minSeconds, enabled]);
  return done;
}
