import { useEffect, useMemo, useRef, useState } from "react";
import "./page-audio.css";
import type { PageAudioBook, PageAudioEntry } from "./types.js";

/**
 * Plays the audio of the pages on screen when they open (the left page's, then the right's), shows the playing
 * page's text as a caption when the owner turned captions on, and — with auto flip — turns the page once the audio
 * has ended and the pause has passed. With auto flip and "pause on pages without audio" off, a page without audio
 * reached by such a turn is passed after the pause too. The reader's sound toggle silences it (and stops the
 * turning). A browser that refuses to play before a user gesture starts on the first pointer or key press.
 */
export function PageAudioPlayer({
  pageAudio,
  visiblePages,
  muted,
  atEnd,
  turn,
}: {
  pageAudio: PageAudioBook;
  visiblePages: number[];
  muted: boolean;
  atEnd: boolean;
  turn(forward: boolean): void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const byPage = useMemo(() => new Map(pageAudio.pages.map((entry) => [entry.page, entry])), [pageAudio.pages]);
  const [current, setCurrent] = useState<PageAudioEntry | null>(null);
  const autoTurned = useRef(false);
  const live = useRef({ turn, atEnd, play: pageAudio.play });
  live.current = { turn, atEnd, play: pageAudio.play };
  const pagesKey = visiblePages.join(",");

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const queue = pagesKey
      .split(",")
      .map((page) => byPage.get(Number(page)))
      .filter((entry): entry is PageAudioEntry => entry !== undefined);
    const reachedByAutoTurn = autoTurned.current;
    autoTurned.current = false;
    let timer: number | undefined;
    let cancelled = false;
    const gestures: Array<() => void> = [];
    const afterPause = () => {
      const { play, atEnd: last } = live.current;
      if (!play.autoFlip || last) return;
      timer = window.setTimeout(() => {
        if (cancelled) return;
        autoTurned.current = true;
        live.current.turn(true);
      }, Math.max(0, play.pauseSeconds) * 1000);
    };
    const start = (index: number) => {
      const entry = queue[index];
      if (!entry || cancelled) return;
      setCurrent(entry);
      element.src = entry.url;
      element.onended = () => (index + 1 < queue.length ? start(index + 1) : afterPause());
      element.play().catch(() => {
        // Blocked until the reader touches the page (autoplay policy): the first gesture starts it.
        const resume = () => {
          if (!cancelled) void element.play().catch(() => undefined);
        };
        gestures.push(resume);
        window.addEventListener("pointerdown", resume, { once: true, capture: true });
        window.addEventListener("keydown", resume, { once: true, capture: true });
      });
    };
    if (muted) {
      setCurrent(queue[0] ?? null);
    } else if (queue.length > 0) {
      start(0);
    } else {
      setCurrent(null);
      if (reachedByAutoTurn && !live.current.play.pauseWithoutAudio) afterPause();
    }
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      for (const resume of gestures) {
        window.removeEventListener("pointerdown", resume, { capture: true });
        window.removeEventListener("keydown", resume, { capture: true });
      }
      element.onended = null;
      element.pause();
    };
  }, [pagesKey, byPage, muted]);

  const caption = current?.caption && current.text ? current : null;
  return (
    <>
      <audio ref={audio} preload="auto" data-testid="page-audio" data-page={current?.page ?? ""}>
        <track kind="captions" />
      </audio>
      {caption ? (
        <p
          className={`tl-page-audio-caption tl-page-audio-caption-${caption.captionPosition}`}
          aria-live="polite"
          data-testid="page-audio-caption"
        >
          {caption.text}
        </p>
      ) : null}
    </>
  );
}
