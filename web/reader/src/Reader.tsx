import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { loadBook, type ReaderBook, type SearchIndex } from "./book.js";
import { DownloadDialog } from "./DownloadDialog.js";
import { parseCaptions, spreadCaption } from "./engine/captions.js";
import { createLayout, modeForViewport, spreadWindow } from "./engine/layout.js";
import { pickRendition } from "./engine/renditions.js";
import { FlipBook, type FlipBookHandle } from "./FlipBook.js";
import { Icon } from "./icons.js";
import type { Labels } from "./labels.js";
import { Magnifier } from "./Magnifier.js";
import { Outline } from "./Outline.js";
import { PrintDialog } from "./PrintDialog.js";
import { applyPreview, listenForPreview } from "./preview.js";
import { SearchPanel } from "./SearchPanel.js";
import { ShareDialog } from "./ShareDialog.js";
import { normaliseVolume, playFlipSound } from "./sound.js";
import { TextView } from "./TextView.js";
import { Thumbnails } from "./Thumbnails.js";
import { UnlockDialog } from "./UnlockDialog.js";

const zoomLevels = [1, 1.5, 2, 3, 4];

function backgroundOf(settings: ReaderBook["settings"]): string {
  const gradient = settings.backgroundGradient;
  if (!gradient) return settings.backgroundColor;
  return `linear-gradient(${gradient.angle}deg, ${gradient.colorA}, ${gradient.colorB})`;
}
const toolbarHeight = 48;

function usePrefersReducedMotion(): boolean {
  const query = "(prefers-reduced-motion: reduce)";
  const [reduced, setReduced] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const changed = () => setReduced(media.matches);
    media.addEventListener("change", changed);
    return () => media.removeEventListener("change", changed);
  }, []);
  return reduced;
}

function useViewportSize(element: HTMLElement | null): { width: number; height: number } {
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

type Panel = "none" | "contents" | "search" | "text" | "thumbnails";

const memoryKey = (link: string) => `turnleaf:last-page:${link}`;

function rememberedPage(link: string): number | null {
  try {
    return Number(window.localStorage.getItem(memoryKey(link))) || null;
  } catch {
    return null;
  }
}

/**
 * Background music: browsers play sound only after a user gesture, so it starts on the first pointer or key press;
 * `loops` −1 repeats for ever, N plays N times.
 */
function BackgroundMusic({ music, muted }: { music: { url: string; loops: number; volume: number }; muted: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const played = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new track starts over on the next gesture
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.volume = normaliseVolume(music.volume);
    played.current = 0;
    const start = () => {
      void element.play().catch(() => undefined);
    };
    window.addEventListener("pointerdown", start, { once: true, capture: true });
    window.addEventListener("keydown", start, { once: true, capture: true });
    return () => {
      window.removeEventListener("pointerdown", start, { capture: true });
      window.removeEventListener("keydown", start, { capture: true });
      element.pause();
    };
  }, [music.url, music.volume]);
  const onEnded = () => {
    played.current += 1;
    if (music.loops < 0 || played.current < music.loops) {
      const element = audio.current;
      if (!element) return;
      element.currentTime = 0;
      void element.play().catch(() => undefined);
    }
  };
  return (
    <audio ref={audio} src={music.url} muted={muted} preload="none" onEnded={onEnded} data-testid="music">
      <track kind="captions" />
    </audio>
  );
}

export function Reader({
  initialBook,
  startPage,
  labels,
  bookUrl,
  link,
}: {
  initialBook: ReaderBook;
  /** The page in the URL; null opens where this browser left the book (last-page memory) or at page 1. */
  startPage: number | null;
  labels: Labels;
  bookUrl: string;
  link: string;
}) {
  const [book, setBook] = useState(initialBook);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const size = useViewportSize(viewport);
  const reducedMotion = usePrefersReducedMotion();
  const [zoomIndex, setZoomIndex] = useState(0);
  const zoom = zoomLevels[zoomIndex] ?? 1;
  const [panel, setPanel] = useState<Panel>("none");
  const [searchIndex, setSearchIndex] = useState<SearchIndex | null>(null);
  const flipRef = useRef<FlipBookHandle>(null);

  const pageCount = book.pages.length;
  const axis = book.settings.flipAxis === "vertical" ? "vertical" : "horizontal";
  const mode = modeForViewport(size, { width: book.pageWidth, height: book.pageHeight }, book.settings.pageMode, axis);
  const layout = useMemo(
    () => createLayout(pageCount, mode, book.settings.direction, axis),
    [pageCount, mode, book.settings.direction, axis],
  );
  const [page, setPage] = useState(() => {
    const remembered = initialBook.settings.lastPageMemory ? rememberedPage(link) : null;
    return Math.min(Math.max(startPage ?? remembered ?? 1, 1), Math.max(pageCount, 1));
  });
  const [sharing, setSharing] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const [playing, setPlaying] = useState(initialBook.settings.autoFlip);
  const [muted, setMuted] = useState(false);
  const [printing, setPrinting] = useState(false);
  const closePrint = useCallback(() => setPrinting(false), []);
  const [downloading, setDownloading] = useState(false);
  const [magnifying, setMagnifying] = useState(false);
  const music = book.settings.backgroundMusic;
  const hasSound = book.settings.flipSound || Boolean(music?.url);
  const soundRef = useRef({ flipSound: book.settings.flipSound, muted });
  soundRef.current = { flipSound: book.settings.flipSound, muted };
  const onTurnStart = useCallback(() => {
    if (soundRef.current.flipSound && !soundRef.current.muted) playFlipSound();
  }, []);
  const spread = layout.spreadOf(page);

  // The page size that fits the viewport: two pages side by side in double mode (room for bookmark tabs), or
  // stacked one above the other for vertical (calendar) books.
  const margin = 16;
  const marginX = margin + (book.bookmarks?.length ? 36 : 0);
  const columns = mode === "double" && axis === "horizontal" ? 2 : 1;
  const rows = mode === "double" && axis === "vertical" ? 2 : 1;
  const mini = book.settings.mini;
  const room = {
    width: Math.min(size.width - 2 * marginX, mini?.maxWidth || Number.POSITIVE_INFINITY),
    height: Math.min(size.height - 2 * margin, mini?.maxHeight || Number.POSITIVE_INFINITY),
  };
  const scale = Math.min(room.width / (columns * book.pageWidth), room.height / (rows * book.pageHeight));
  const pageWidth = Math.max(50, Math.floor(book.pageWidth * scale));
  const pageHeight = Math.max(50, Math.floor(book.pageHeight * scale));

  // Books still converting: poll until every page has landed.
  useEffect(() => {
    if (book.state !== "converting") return;
    const timer = window.setInterval(() => {
      loadBook(bookUrl).then(setBook, () => undefined);
    }, 2000);
    return () => window.clearInterval(timer);
  }, [book.state, bookUrl]);

  // One URL per page: /b/<link>/<page>, kept current without adding history entries for every turn.
  useEffect(() => {
    if (!link) return;
    const url = new URL(window.location.href);
    url.pathname = `/b/${link}/${page}`;
    window.history.replaceState(null, "", url);
  }, [page, link]);

  useEffect(() => {
    if (!book.settings.lastPageMemory || !link) return;
    try {
      window.localStorage.setItem(memoryKey(link), String(page));
    } catch {
      // Storage may be off (private mode): the book simply opens at its start next time.
    }
  }, [page, link, book.settings.lastPageMemory]);

  useEffect(() => {
    if (!book.settings.disableRightClick) return;
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener("contextmenu", block);
    return () => document.removeEventListener("contextmenu", block);
  }, [book.settings.disableRightClick]);

  // Inside the editor's preview frame, settings change live.
  useEffect(
    () =>
      listenForPreview((message) =>
        setBook((previous) => {
          const settings = applyPreview(previous.settings, message);
          return settings ? { ...previous, settings } : previous;
        }),
      ),
    [],
  );

  // Neighbouring spreads load after the current one, so a turn never shows a blank sheet.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const index of spreadWindow(layout, spread)) {
        for (const number of layout.pagesOf(index)) {
          const rendition = pickRendition(
            book.pages[number - 1]?.renditions ?? [],
            pageWidth,
            window.devicePixelRatio || 1,
            zoom,
          );
          if (rendition) new Image().src = rendition.url;
        }
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [layout, spread, book.pages, pageWidth, zoom]);

  const goToSpread = useCallback(
    (index: number) => {
      const clamped = Math.min(Math.max(index, 0), Math.max(layout.spreadCount - 1, 0));
      const pages = layout.pagesOf(clamped);
      setPage(pages[0] ?? 1);
    },
    [layout],
  );
  const goToPage = useCallback(
    (target: number) => setPage(Math.min(Math.max(target, 1), Math.max(pageCount, 1))),
    [pageCount],
  );
  const turn = useCallback((forward: boolean) => {
    if (!flipRef.current?.turn(forward)) return;
  }, []);

  // Auto flip: a turn every interval; at the end, start again while loops remain (−1: for ever).
  const loopsDone = useRef(0);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      if (spread < layout.spreadCount - 1) {
        turn(true);
        return;
      }
      loopsDone.current += 1;
      const loops = book.settings.autoFlipLoops;
      if (loops >= 0 && loopsDone.current >= loops) setPlaying(false);
      else goToPage(1);
    }, Math.max(1, book.settings.autoFlipIntervalSeconds) * 1000);
    return () => window.clearInterval(timer);
  }, [
    playing,
    spread,
    layout.spreadCount,
    turn,
    goToPage,
    book.settings.autoFlipIntervalSeconds,
    book.settings.autoFlipLoops,
  ]);

  const loadSearch = useCallback(async () => {
    if (searchIndex || !book.searchUrl) return searchIndex;
    const response = await fetch(book.searchUrl);
    const index = response.ok ? ((await response.json()) as SearchIndex) : { pages: [] };
    setSearchIndex(index);
    return index;
  }, [searchIndex, book.searchUrl]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select, [contenteditable=true], dialog")) return;
      // Vertical books read top to bottom whatever their direction: ← → keep their left-to-right meaning.
      const rtl = layout.direction === "rtl";
      const zoomBy = (steps: number) => () =>
        setZoomIndex((index) => Math.min(Math.max(index + steps, 0), zoomLevels.length - 1));
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
          action = () => {
            setPanel("none");
            setMagnifying(false);
          };
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
  }, [turn, goToPage, pageCount, zoom, layout.direction]);

  const wheelLock = useRef(0);
  const onWheel = (event: React.WheelEvent) => {
    if (event.ctrlKey) {
      setZoomIndex((index) => Math.min(Math.max(index + (event.deltaY < 0 ? 1 : -1), 0), zoomLevels.length - 1));
      return;
    }
    if (zoom > 1 || Math.abs(event.deltaY) < 20) return;
    const now = performance.now();
    if (now - wheelLock.current < 400) return;
    wheelLock.current = now;
    turn(event.deltaY > 0);
  };

  // Zoomed: drag pans the page (never turns it); two fingers pinch-zoom and never turn either.
  const pan = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const pinch = useRef(new Map<number, { x: number; y: number }>());
  const pinchStart = useRef<{ distance: number; zoomIndex: number } | null>(null);
  const onViewportPointerDown = (event: React.PointerEvent<HTMLElement>) => {
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
  const onViewportPointerMove = (event: React.PointerEvent<HTMLElement>) => {
    if (pinch.current.has(event.pointerId)) pinch.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current.size === 2 && pinchStart.current) {
      const [a, b] = [...pinch.current.values()];
      if (a && b) {
        const ratio = Math.hypot(a.x - b.x, a.y - b.y) / pinchStart.current.distance;
        const steps = Math.round(Math.log2(ratio) * 2);
        setZoomIndex(Math.min(Math.max(pinchStart.current.zoomIndex + steps, 0), zoomLevels.length - 1));
      }
      return;
    }
    if (pan.current && viewport) {
      viewport.scrollLeft = pan.current.left - (event.clientX - pan.current.x);
      viewport.scrollTop = pan.current.top - (event.clientY - pan.current.y);
    }
  };
  const onViewportPointerUp = (event: React.PointerEvent<HTMLElement>) => {
    pinch.current.delete(event.pointerId);
    if (pinch.current.size < 2) pinchStart.current = null;
    pan.current = null;
  };

  const visiblePages = layout.pagesOf(spread);
  const captions = useMemo(() => parseCaptions(book.settings.pageCaptions), [book.settings.pageCaptions]);
  const pageText = spreadCaption(captions, visiblePages);
  const atStart = spread <= 0;
  const atEnd = spread >= layout.spreadCount - 1;

  return (
    <div
      className={`tl-reader ${mini ? "tl-mini" : ""}`}
      style={{ background: backgroundOf(book.settings) }}
      dir={book.settings.direction}
    >
      {book.settings.logo ? (
        <a className="tl-logo" href={book.settings.logo.link || undefined} target="_blank" rel="noopener noreferrer">
          <img src={book.settings.logo.url} alt={book.title} style={{ height: book.settings.logo.height }} />
        </a>
      ) : null}
      <h1 className="tl-visually-hidden">{book.title}</h1>
      {music?.url ? <BackgroundMusic music={music} muted={muted} /> : null}
      <div className="tl-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
        {labels.pageOf(pageText, book.pageCount || pageCount)}
      </div>
      {panel === "text" ? (
        <TextView book={book} load={loadSearch} labels={labels} onClose={() => setPanel("none")} />
      ) : (
        <section
          ref={setViewport}
          className={`tl-viewport ${zoom > 1 ? "tl-zoomed" : ""}`}
          onWheel={onWheel}
          onPointerDownCapture={onViewportPointerDown}
          onPointerMove={onViewportPointerMove}
          onPointerUp={onViewportPointerUp}
          onPointerCancel={onViewportPointerUp}
          aria-label={book.title}
          aria-roledescription={labels.reader}
        >
          {pageCount > 0 ? (
            <FlipBook
              ref={flipRef}
              book={book}
              layout={layout}
              spread={spread}
              pageWidth={pageWidth}
              pageHeight={pageHeight}
              zoom={zoom}
              reducedMotion={reducedMotion}
              onSpreadChange={goToSpread}
              onGoToPage={goToPage}
              pageLabel={labels.page}
              onUnlock={() => setUnlocking(true)}
              lockedLabel={labels.locked}
              unlockLabel={labels.unlock}
              onTurnStart={onTurnStart}
              bookmarksLabel={labels.bookmarks}
            />
          ) : (
            <p className="tl-message">{book.state === "converting" ? labels.converting : labels.failed}</p>
          )}
          {magnifying && book.settings.magnifier ? <Magnifier book={book} label={labels.magnifier} /> : null}
        </section>
      )}
      {book.state === "converting" && pageCount > 0 ? <p className="tl-converting">{labels.converting}</p> : null}
      {panel === "contents" ? (
        <Outline
          items={book.outline}
          labels={labels}
          onGo={(target) => goToPage(target)}
          onClose={() => setPanel("none")}
        />
      ) : null}
      {panel === "thumbnails" ? (
        <Thumbnails
          book={book}
          current={visiblePages}
          labels={labels}
          onGo={(target) => goToPage(target)}
          onClose={() => setPanel("none")}
        />
      ) : null}
      {unlocking && book.lock ? (
        <UnlockDialog
          link={link}
          lock={book.lock}
          labels={labels}
          onUnlocked={() => loadBook(bookUrl).then(setBook, () => undefined)}
          onClose={() => setUnlocking(false)}
        />
      ) : null}
      {sharing ? (
        <ShareDialog
          url={`${window.location.origin}/b/${link}`}
          title={book.title}
          labels={labels}
          onClose={() => setSharing(false)}
        />
      ) : null}
      {downloading && book.settings.download ? (
        <DownloadDialog book={book} visiblePages={visiblePages} labels={labels} onClose={() => setDownloading(false)} />
      ) : null}
      {printing ? (
        <PrintDialog
          book={book}
          visiblePages={visiblePages}
          watermark={book.settings.printWatermark}
          labels={labels}
          onClose={closePrint}
        />
      ) : null}
      {panel === "search" ? (
        <SearchPanel
          load={loadSearch}
          minLength={book.settings.searchMinLength}
          labels={labels}
          onGo={(target) => goToPage(target)}
          onClose={() => setPanel("none")}
        />
      ) : null}
      <nav className="tl-toolbar" style={{ background: book.settings.toolbarColor }} aria-label={labels.reader}>
        <button
          type="button"
          className="tl-wide-only"
          onClick={() => goToPage(1)}
          disabled={atStart}
          aria-label={labels.first}
          title={labels.first}
        >
          <Icon name="first" />
        </button>
        <button
          type="button"
          onClick={() => turn(false)}
          disabled={atStart}
          aria-label={labels.previous}
          title={labels.previous}
        >
          <Icon name="previous" />
        </button>
        <span className="tl-page-number" aria-hidden="true">
          {pageText} / {book.pageCount || pageCount}
        </span>
        <button type="button" onClick={() => turn(true)} disabled={atEnd} aria-label={labels.next} title={labels.next}>
          <Icon name="next" />
        </button>
        <button
          type="button"
          className="tl-wide-only"
          onClick={() => goToPage(pageCount)}
          disabled={atEnd}
          aria-label={labels.last}
          title={labels.last}
        >
          <Icon name="last" />
        </button>
        <button
          type="button"
          onClick={() => setZoomIndex((index) => Math.max(index - 1, 0))}
          disabled={zoomIndex === 0}
          aria-label={labels.zoomOut}
          title={labels.zoomOut}
        >
          <Icon name="zoomOut" />
        </button>
        <button
          type="button"
          onClick={() => setZoomIndex((index) => Math.min(index + 1, zoomLevels.length - 1))}
          disabled={zoomIndex === zoomLevels.length - 1}
          aria-label={labels.zoomIn}
          title={labels.zoomIn}
        >
          <Icon name="zoomIn" />
        </button>
        <button
          type="button"
          onClick={() => setPanel(panel === "contents" ? "none" : "contents")}
          aria-pressed={panel === "contents"}
          disabled={book.outline.length === 0}
          aria-label={labels.contents}
          title={labels.contents}
        >
          <Icon name="contents" />
        </button>
        <button
          type="button"
          onClick={() => setPanel(panel === "thumbnails" ? "none" : "thumbnails")}
          aria-pressed={panel === "thumbnails"}
          aria-label={labels.thumbnails}
          title={labels.thumbnails}
        >
          <Icon name="thumbnails" />
        </button>
        <button
          type="button"
          onClick={() => setPanel(panel === "search" ? "none" : "search")}
          aria-pressed={panel === "search"}
          disabled={!book.searchUrl}
          aria-label={labels.search}
          title={labels.search}
        >
          <Icon name="search" />
        </button>
        <button
          type="button"
          onClick={() => setPanel(panel === "text" ? "none" : "text")}
          aria-pressed={panel === "text"}
          disabled={!book.searchUrl}
          aria-label={panel === "text" ? labels.bookView : labels.textView}
          title={panel === "text" ? labels.bookView : labels.textView}
        >
          <Icon name="text" />
        </button>
        <button
          type="button"
          onClick={() => setPlaying(!playing)}
          aria-pressed={playing}
          aria-label={labels.autoFlip}
          title={labels.autoFlip}
        >
          <Icon name={playing ? "pause" : "play"} />
        </button>
        {hasSound ? (
          <button
            type="button"
            onClick={() => setMuted(!muted)}
            aria-pressed={muted}
            aria-label={labels.mute}
            title={labels.mute}
          >
            <Icon name={muted ? "muted" : "sound"} />
          </button>
        ) : null}
        {book.settings.magnifier ? (
          <button
            type="button"
            onClick={() => setMagnifying(!magnifying)}
            aria-pressed={magnifying}
            aria-label={labels.magnifier}
            title={labels.magnifier}
          >
            <Icon name="magnifier" />
          </button>
        ) : null}
        {book.settings.download?.pdfUrl || book.settings.download?.allowSinglePage ? (
          <button
            type="button"
            onClick={() => setDownloading(true)}
            aria-label={labels.download}
            title={labels.download}
          >
            <Icon name="download" />
          </button>
        ) : null}
        {book.settings.print ? (
          <button type="button" onClick={() => setPrinting(true)} aria-label={labels.print} title={labels.print}>
            <Icon name="print" />
          </button>
        ) : null}
        <button type="button" onClick={() => setSharing(true)} aria-label={labels.share} title={labels.share}>
          <Icon name="share" />
        </button>
        <button
          type="button"
          onClick={() =>
            document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()
          }
          aria-label={labels.fullscreen}
          title={labels.fullscreen}
        >
          <Icon name="fullscreen" />
        </button>
      </nav>
    </div>
  );
}
