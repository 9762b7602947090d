import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { accessRefusal, inOwnFrame } from "./access.js";
import { BrandMark } from "./BrandMark.js";
import { type ButtonName, loadBook, type PageLink, type ReaderBook, type SearchIndex } from "./book.js";
import { DownloadDialog } from "./DownloadDialog.js";
import {
  AdBanner,
  AnalyticsFrame,
  InfoDialog,
  LanguageSwitcher,
  Loader,
  QrCode,
  Scene,
  useLoaderDone,
} from "./Extras.js";
import { parseCaptions, spreadCaption } from "./engine/captions.js";
import { createLayout, modeForViewport, spreadWindow } from "./engine/layout.js";
import { pickRendition } from "./engine/renditions.js";
import { FlipBook, type FlipBookHandle } from "./FlipBook.js";
import { withAlpha, zoomLevelsFor } from "./htmlconfig.js";
import { Icon } from "./icons.js";
import { type Labels, labelsFor, labelsFromCatalogue } from "./labels.js";
import { Magnifier } from "./Magnifier.js";
import { applyMediaPreview } from "./media/media-preview.js";
import { Outline } from "./Outline.js";
import { OptionalPart } from "./optional-part.js";
import { PrintDialog } from "./PrintDialog.js";
import { applyPreview, listenForPreview } from "./preview.js";
import { RelatedBrand } from "./RelatedBrand.js";
import { setRequestLanguage } from "./request-language.js";
import { SearchPanel } from "./SearchPanel.js";
import { ShareDialog } from "./ShareDialog.js";
import { emailHref } from "./share.js";
import { normaliseVolume, playFlipSound } from "./sound.js";
import { TextView } from "./TextView.js";
import { Thumbnails } from "./Thumbnails.js";
import { tabRoom } from "./tab-room.js";
import { UnlockDialog } from "./UnlockDialog.js";

function backgroundOf(settings: ReaderBook["settings"]): string {
  const gradient = settings.backgroundGradient;
  if (!gradient) return settings.backgroundColor;
  return `linear-gradient(${gradient.angle}deg, ${gradient.colorA}, ${gradient.colorB})`;
}

/** CSS for the background picture's position setting. */
const backgroundPlacement: Record<string, React.CSSProperties> = {
  stretch: { backgroundSize: "100% 100%", backgroundRepeat: "no-repeat" },
  fit: { backgroundSize: "contain", backgroundRepeat: "no-repeat", backgroundPosition: "center" },
  fill: { backgroundSize: "cover", backgroundRepeat: "no-repeat", backgroundPosition: "center" },
  center: { backgroundRepeat: "no-repeat", backgroundPosition: "center" },
  tile: { backgroundRepeat: "repeat" },
  top: { backgroundSize: "cover", backgroundRepeat: "no-repeat", backgroundPosition: "top" },
  bottom: { backgroundSize: "cover", backgroundRepeat: "no-repeat", backgroundPosition: "bottom" },
};

/** Phones: below this width the mobile margins and the mobile button order apply. */
const phoneWidth = 640;
const toolbarHeight = 48;

/** A number as tel: wants it: digits and the dialling signs only. */
const telephone = (number: string) => number.replace(/[^\d+#*,;]/g, "");

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
// Only readers who open the messages load their dialog: it stays off the critical path.
// The business card is drawn only when a reader opens it: its code stays off the critical path.
const businessCardCode = () => import("./BusinessCard.js").then((module) => ({ default: module.BusinessCard }));
const messagesDialogCode = () => import("./MessagesDialog.js").then((module) => ({ default: module.MessagesDialog }));

// Reading statistics and the lead form load after the first page, never inside the owner's preview frame.
const insightCode = () => import("./insight/Insight.js");

type Info = "none" | "about" | "help" | "phone" | "wechat" | "messages" | "card";

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
  labels: initialLabels,
  bookUrl,
  link,
  lang: initialLang = "",
}: {
  initialBook: ReaderBook;
  /** The page in the URL; null opens where this browser left the book (last-page memory) or at page 1. */
  startPage: number | null;
  labels: Labels;
  bookUrl: string;
  link: string;
  /** `?lang=` of the URL: languages other than Chinese and English load their labels from the gateway. */
  lang?: string;
}) {
  const [book, setBook] = useState(initialBook);
  const [labels, setLabels] = useState(initialLabels);
  const [lang, setLang] = useState(initialLang || initialBook.settings.interfaceLanguage);
  useEffect(() => {
    if (!lang) return;
    setRequestLanguage(lang);
    if (/^(zh|en)\b/i.test(lang)) {
      setLabels(labelsFor(lang));
      return;
    }
    const controller = new AbortController();
    fetch(`/api/language/labels?lang=${encodeURIComponent(lang)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((reply: { data?: { labels?: Record<string, unknown> } } | null) => {
        if (reply?.data?.labels) setLabels(labelsFromCatalogue(lang, reply.data.labels));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [lang]);
  // The book's interface language, live from the editor's preview too, unless the URL names one.
  useEffect(() => {
    if (!initialLang && book.settings.interfaceLanguage) setLang(book.settings.interfaceLanguage);
  }, [initialLang, book.settings.interfaceLanguage]);
  const chooseLanguage = (code: string) => {
    setLang(code);
    const url = new URL(window.location.href);
    url.searchParams.set("lang", code);
    window.history.replaceState(null, "", url);
  };
  const [info, setInfo] = useState<Info>("none");
  const [annotations, setAnnotations] = useState(true);
  const [history, setHistory] = useState<{ pages: number[]; at: number }>({ pages: [], at: -1 });
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const size = useViewportSize(viewport);
  const reducedMotion = usePrefersReducedMotion();
  const [zoomIndex, setZoomIndex] = useState(0);
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
  const narrow = size.width < phoneWidth;
  const margins = narrow ? book.settings.mobileMargins : book.settings.margins;
  const tabs = tabRoom({
    bookmarks: book.bookmarks?.length ?? 0,
    shown: book.settings.buttons.bookmark !== false,
    onSideEdge: book.settings.bookmarkOnSideEdge !== false,
    vertical: axis === "vertical",
  });
  const columns = mode === "double" && axis === "horizontal" ? 2 : 1;
  const rows = mode === "double" && axis === "vertical" ? 2 : 1;
  const mini = book.settings.mini;
  const room = {
    width: Math.min(
      size.width - margins.left - margins.right - 2 * tabs.side,
      mini?.maxWidth || Number.POSITIVE_INFINITY,
    ),
    height: Math.min(
      size.height - margins.top - margins.bottom - tabs.top,
      mini?.maxHeight || Number.POSITIVE_INFINITY,
    ),
  };
  const scale = Math.min(room.width / (columns * book.pageWidth), room.height / (rows * book.pageHeight));
  const pageWidth = Math.max(50, Math.floor(book.pageWidth * scale));
  const pageHeight = Math.max(50, Math.floor(book.pageHeight * scale));
  const zoomLevels = useMemo(
    () => zoomLevelsFor(book.settings.zoomWidths, pageWidth),
    [book.settings.zoomWidths, pageWidth],
  );
  const zoom = zoomLevels[Math.min(zoomIndex, zoomLevels.length - 1)] ?? 1;

  // Books still converting: poll until every page has landed; every half second while page 1 has not (its owner,
  // fresh from the upload, is waiting for it; the gateway keeps such a manifest only 200 ms), then every 2 s.
  const waitingForPageOne = book.pages.length === 0;
  useEffect(() => {
    if (book.state !== "converting") return;
    const timer = window.setInterval(
      () => {
        loadBook(bookUrl).then(setBook, () => undefined);
      },
      waitingForPageOne ? 500 : 2000,
    );
    return () => window.clearInterval(timer);
  }, [book.state, bookUrl, waitingForPageOne]);

  // One URL per page: /b/<link>/<page>, kept current without adding history entries for every turn.
  useEffect(() => {
    if (!link || !book.settings.urlPageNumber) return;
    const url = new URL(window.location.href);
    url.pathname = `/b/${link}/${page}`;
    window.history.replaceState(null, "", url);
  }, [page, link, book.settings.urlPageNumber]);

  // Back / forward: the pages this reader went to, like a browser's history (turning one page is a step too).
  useEffect(() => {
    setHistory((previous) => {
      if (previous.pages[previous.at] === page) return previous;
      const pages = [...previous.pages.slice(0, previous.at + 1), page].slice(-100);
      return { pages, at: pages.length - 1 };
    });
  }, [page]);
  const goInHistory = (step: number) => {
    const at = Math.min(Math.max(history.at + step, 0), history.pages.length - 1);
    const target = history.pages[at];
    if (target === undefined) return;
    setHistory({ ...history, at });
    setPage(target);
  };

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

  // Inside the editor's preview frame, settings and media items change live.
  const previewedLinks = useRef(new Map<string, { page: number; link: PageLink }>());
  useEffect(
    () =>
      listenForPreview((message) =>
        setBook((previous) => {
          const pages = applyMediaPreview(previous.pages, message.key, message.value, previewedLinks.current);
          if (pages) return { ...previous, pages };
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
  }, [turn, goToPage, pageCount, zoom, layout.direction, zoomLevels.length]);

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
  const settings = book.settings;
  const loaderDone = useLoaderDone(settings.loader?.minSeconds ?? 0, Boolean(settings.loader));
  // Help shown at open waits for the loader to go.
  const helpShown = useRef(false);
  useEffect(() => {
    if (!settings.helpAtStart || !loaderDone || helpShown.current) return;
    helpShown.current = true;
    setInfo("help");
  }, [settings.helpAtStart, loaderDone]);
  const refusal = accessRefusal(settings, {
    framed: window.parent !== window,
    userAgent: navigator.userAgent,
    ownPreview: inOwnFrame(),
  });
  const shown = (name: ButtonName, fallback = true) => settings.buttons[name] ?? fallback;
  // Phones follow the book's button order (buttonsSortXML); buttons it does not list keep their place after them.
  const orderOf = (name: ButtonName): React.CSSProperties | undefined => {
    if (!narrow || settings.mobileButtonOrder.length === 0) return undefined;
    const index = settings.mobileButtonOrder.indexOf(name);
    return { order: index < 0 ? settings.mobileButtonOrder.length + 1 : index };
  };
  const bookLink = `${window.location.origin}/b/${link}`;
  const coverUrl = book.pages[0]?.thumbUrl ? new URL(book.pages[0].thumbUrl, window.location.href).href : undefined;
  const shareSubject = { url: bookLink, title: book.title, image: coverUrl };
  const languages = (book.languages ?? []).filter((language) => language.checked !== false);
  const phone = settings.phone;
  const phoneNumbers = (
    phone?.useMultiple ? phone.multiple : phone?.single ? [{ label: "", number: phone.single }] : []
  ).slice(0, settings.phoneMaxDisplay);
  const logo = settings.logo;
  const linkTarget = settings.linkTarget;

  if (refusal) {
    return (
      <div className="tl-reader tl-refused" style={{ background: settings.backgroundColor }}>
        <p className="tl-message" role="alert" data-testid="refused">
          {refusal === "embedOnly" ? settings.embedOnlyMessage || labels.embedOnly : labels.wechatOnly}
        </p>
      </div>
    );
  }

  return (
    <div
      className={[
        "tl-reader",
        mini ? "tl-mini" : "",
        narrow ? "tl-narrow" : "",
        settings.shadows ? "" : "tl-no-shadows",
        annotations ? "" : "tl-hide-annotations",
        settings.buttons.bookmark === false ? "tl-hide-bookmarks" : "",
        settings.hideToolbar ? "tl-toolbar-hidden" : "",
        settings.buttons.selectText === false ? "tl-no-select" : "",
      ].join(" ")}
      style={
        {
          background: backgroundOf(settings),
          "--tl-radius": `${settings.cornerRadius}px`,
          "--tl-cover-border": `${settings.coverBorderWidth}px`,
          "--tl-cover-colour": settings.coverBorderColor,
        } as React.CSSProperties
      }
      dir={settings.direction}
    >
      {settings.backgroundImage?.url ? (
        <div
          className="tl-background"
          data-testid="background-image"
          style={{
            backgroundImage: `url(${JSON.stringify(settings.backgroundImage.url)})`,
            opacity: settings.backgroundImage.opacity,
            ...backgroundPlacement[settings.backgroundImage.position],
          }}
        />
      ) : null}
      {logo?.url ? (
        <a
          className="tl-logo"
          href={logo.link || undefined}
          target={linkTarget}
          rel="noopener noreferrer"
          style={{ padding: logo.padding ?? 0, top: 8 + (logo.top ?? 0) }}
        >
          <img src={logo.url} alt={book.title} style={{ height: logo.large ? 55 : logo.height }} />
        </a>
      ) : null}
      {settings.brands.loading && settings.loader && !loaderDone ? (
        <BrandMark brand={settings.brands.loading} slot="loading" linkTarget={linkTarget} />
      ) : null}
      {settings.loader && !loaderDone ? (
        <Loader
          loader={settings.loader}
          labels={labels}
          title={book.title}
          backgroundPicture={settings.backgroundImage?.url}
        />
      ) : null}
      {settings.dynamicScene && !reducedMotion ? <Scene scene={settings.dynamicScene} /> : null}
      {settings.ads ? <AdBanner ads={settings.ads} labels={labels} target={linkTarget} /> : null}
      {(settings.analyticsId || settings.trackingScript) && link ? (
        <AnalyticsFrame link={link} page={page} title={book.title} />
      ) : null}
      <h1 className="tl-visually-hidden">{book.title}</h1>
      {music?.url ? <BackgroundMusic music={music} muted={muted} /> : null}
      <div className="tl-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
        {labels.pageOf(pageText, book.pageCount || pageCount)}
      </div>
      {panel === "text" && settings.buttons.selectText !== false ? (
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
            <div
              className="tl-place"
              style={{
                translate: `${(margins.left - margins.right) / 2}px ${(margins.top - margins.bottom + tabs.top) / 2}px`,
              }}
            >
              <FlipBook
                ref={flipRef}
                book={book}
                layout={layout}
                spread={spread}
                pageWidth={pageWidth}
                pageHeight={pageHeight}
                zoom={zoom}
                reducedMotion={reducedMotion || settings.flipStyle === "slide"}
                onSpreadChange={goToSpread}
                onGoToPage={goToPage}
                pageLabel={labels.page}
                onUnlock={() => setUnlocking(true)}
                lockedLabel={labels.locked}
                unlockLabel={labels.unlock}
                onTurnStart={onTurnStart}
                bookmarksLabel={labels.bookmarks}
                curlingCorner={settings.curlingCorner && !reducedMotion}
                linkTarget={linkTarget}
                mediaLabels={labels}
              />
            </div>
          ) : (
            <p className="tl-message">{book.state === "converting" ? labels.converting : labels.failed}</p>
          )}
          {magnifying && book.settings.magnifier ? <Magnifier book={book} label={labels.magnifier} /> : null}
          {settings.brands.related && pageCount > 0 && spread === layout.spreadCount - 1 ? (
            <RelatedBrand brand={settings.brands.related} label={labels.related} linkTarget={linkTarget} />
          ) : null}
        </section>
      )}
      {book.state === "converting" && pageCount > 0 ? <p className="tl-converting">{labels.converting}</p> : null}
      {panel === "contents" ? (
        <Outline
          items={book.outline}
          labels={labels}
          onGo={(target) => goToPage(target)}
          onClose={() => setPanel("none")}
          target={linkTarget}
        />
      ) : null}
      {panel === "thumbnails" ? (
        <Thumbnails
          background={withAlpha(settings.thumbnailColor, settings.thumbnailAlpha)}
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
          url={bookLink}
          title={book.title}
          labels={labels}
          onClose={() => setSharing(false)}
          region={settings.shareRegion}
          channels={settings.shareChannels}
          cover={coverUrl}
        />
      ) : null}
      {info === "about" ? (
        <InfoDialog title={labels.about} labels={labels} onClose={() => setInfo("none")}>
          <p className="tl-about">{settings.aboutText || book.title}</p>
        </InfoDialog>
      ) : null}
      {info === "card" && settings.businessCard ? (
        <InfoDialog title={labels.businessCard} labels={labels} onClose={() => setInfo("none")}>
          <OptionalPart
            code={businessCardCode}
            props={{ card: settings.businessCard, styleId: settings.cardStyle, linkTarget }}
          />
        </InfoDialog>
      ) : null}
      {info === "help" ? (
        <InfoDialog title={labels.help} labels={labels} onClose={() => setInfo("none")}>
          <p className="tl-help">{labels.helpText}</p>
        </InfoDialog>
      ) : null}
      {info === "phone" ? (
        <InfoDialog title={labels.phone} labels={labels} onClose={() => setInfo("none")}>
          <ul className="tl-phones">
            {phoneNumbers.map((entry) => (
              <li key={`${entry.label}-${entry.number}`}>
                <a href={`tel:${telephone(entry.number)}`}>
                  {entry.label ? `${entry.label}: ` : ""}
                  {entry.number}
                </a>
              </li>
            ))}
          </ul>
        </InfoDialog>
      ) : null}
      {pageCount > 0 && !inOwnFrame() && /^https?:$/.test(window.location.protocol) ? (
        <OptionalPart code={insightCode} props={{ link, pageCount, visiblePages, labels }} />
      ) : null}
      {info === "messages" ? (
        <OptionalPart code={messagesDialogCode} props={{ link, labels, onClose: () => setInfo("none") }} />
      ) : null}
      {info === "wechat" ? (
        <InfoDialog title={labels.wechat} labels={labels} onClose={() => setInfo("none")}>
          <p>{labels.wechatScan}</p>
          <QrCode url={bookLink} alt={labels.qrCode} />
        </InfoDialog>
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
      <nav
        className="tl-toolbar"
        style={{ background: withAlpha(settings.toolbarColor, settings.toolbarAlpha), color: settings.iconColor }}
        aria-label={labels.reader}
      >
        {settings.brands.toolbar ? (
          <BrandMark brand={settings.brands.toolbar} slot="toolbar" linkTarget={linkTarget} />
        ) : null}
        {shown("home", false) ? (
          settings.homeUrl ? (
            <a
              className="tl-tool"
              href={settings.homeUrl}
              target={linkTarget}
              rel="noopener noreferrer"
              aria-label={labels.home}
              title={labels.home}
              style={orderOf("home")}
              data-button="home"
            >
              <Icon name="home" />
            </a>
          ) : (
            <button
              type="button"
              onClick={() => goToPage(1)}
              aria-label={labels.home}
              title={labels.home}
              style={orderOf("home")}
              data-button="home"
            >
              <Icon name="home" />
            </button>
          )
        ) : null}
        {shown("back", false) ? (
          <button
            type="button"
            onClick={() => goInHistory(-1)}
            disabled={history.at <= 0}
            aria-label={labels.back}
            title={labels.back}
            style={orderOf("back")}
            data-button="back"
          >
            <Icon name="back" />
          </button>
        ) : null}
        {shown("forward", false) ? (
          <button
            type="button"
            onClick={() => goInHistory(1)}
            disabled={history.at >= history.pages.length - 1}
            aria-label={labels.forward}
            title={labels.forward}
            style={orderOf("forward")}
            data-button="forward"
          >
            <Icon name="forward" />
          </button>
        ) : null}
        <button
          type="button"
          className="tl-wide-only"
          style={orderOf("first")}
          data-button="first"
          onClick={() => goToPage(1)}
          disabled={atStart}
          aria-label={labels.first}
          title={labels.first}
        >
          <Icon name="first" />
        </button>
        <button
          type="button"
          style={orderOf("previous")}
          data-button="previous"
          onClick={() => turn(false)}
          disabled={atStart}
          aria-label={labels.previous}
          title={labels.previous}
        >
          <Icon name="previous" />
        </button>
        <span className="tl-page-number" aria-hidden="true" style={orderOf("next")}>
          {pageText} / {book.pageCount || pageCount}
        </span>
        <button
          type="button"
          onClick={() => turn(true)}
          disabled={atEnd}
          aria-label={labels.next}
          title={labels.next}
          style={orderOf("next")}
          data-button="next"
        >
          <Icon name="next" />
        </button>
        <button
          type="button"
          className="tl-wide-only"
          style={orderOf("last")}
          data-button="last"
          onClick={() => goToPage(pageCount)}
          disabled={atEnd}
          aria-label={labels.last}
          title={labels.last}
        >
          <Icon name="last" />
        </button>
        {shown("zoom") ? (
          <>
            <button
              type="button"
              style={orderOf("zoom")}
              data-button="zoom"
              onClick={() => setZoomIndex((index) => Math.max(index - 1, 0))}
              disabled={zoomIndex === 0}
              aria-label={labels.zoomOut}
              title={labels.zoomOut}
            >
              <Icon name="zoomOut" />
            </button>
            <button
              type="button"
              style={orderOf("zoom")}
              data-button="zoom"
              onClick={() => setZoomIndex((index) => Math.min(index + 1, zoomLevels.length - 1))}
              disabled={zoomIndex === zoomLevels.length - 1}
              aria-label={labels.zoomIn}
              title={labels.zoomIn}
            >
              <Icon name="zoomIn" />
            </button>
          </>
        ) : null}
        {shown("contents") ? (
          <button
            type="button"
            style={orderOf("contents")}
            data-button="contents"
            onClick={() => setPanel(panel === "contents" ? "none" : "contents")}
            aria-pressed={panel === "contents"}
            disabled={book.outline.length === 0}
            aria-label={labels.contents}
            title={labels.contents}
          >
            <Icon name="contents" />
          </button>
        ) : null}
        {shown("thumbnails") ? (
          <button
            type="button"
            style={orderOf("thumbnails")}
            data-button="thumbnails"
            onClick={() => setPanel(panel === "thumbnails" ? "none" : "thumbnails")}
            aria-pressed={panel === "thumbnails"}
            aria-label={labels.thumbnails}
            title={labels.thumbnails}
          >
            <Icon name="thumbnails" />
          </button>
        ) : null}
        {shown("search") ? (
          <button
            type="button"
            style={orderOf("search")}
            data-button="search"
            onClick={() => setPanel(panel === "search" ? "none" : "search")}
            aria-pressed={panel === "search"}
            disabled={!book.searchUrl}
            aria-label={labels.search}
            title={labels.search}
          >
            <Icon name="search" />
          </button>
        ) : null}
        {/* The text view offers the pages' text to copy: not for a book whose owner may not let readers copy it. */}
        {shown("selectText") ? (
          <button
            type="button"
            style={orderOf("selectText")}
            data-button="selectText"
            onClick={() => setPanel(panel === "text" ? "none" : "text")}
            aria-pressed={panel === "text"}
            disabled={!book.searchUrl}
            aria-label={panel === "text" ? labels.bookView : labels.textView}
            title={panel === "text" ? labels.bookView : labels.textView}
          >
            <Icon name="text" />
          </button>
        ) : null}
        {shown("autoFlip") ? (
          <button
            type="button"
            style={orderOf("autoFlip")}
            data-button="autoFlip"
            onClick={() => setPlaying(!playing)}
            aria-pressed={playing}
            aria-label={labels.autoFlip}
            title={labels.autoFlip}
          >
            <Icon name={playing ? "pause" : "play"} />
          </button>
        ) : null}
        {hasSound ? (
          <button
            type="button"
            style={orderOf("sound")}
            data-button="sound"
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
            style={orderOf("magnifier")}
            data-button="magnifier"
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
            style={orderOf("download")}
            data-button="download"
            onClick={() => setDownloading(true)}
            aria-label={labels.download}
            title={labels.download}
          >
            <Icon name="download" />
          </button>
        ) : null}
        {book.settings.print ? (
          <button
            type="button"
            onClick={() => setPrinting(true)}
            aria-label={labels.print}
            title={labels.print}
            style={orderOf("print")}
            data-button="print"
          >
            <Icon name="print" />
          </button>
        ) : null}
        {shown("share") ? (
          <button
            type="button"
            onClick={() => setSharing(true)}
            aria-label={labels.share}
            title={labels.share}
            style={orderOf("share")}
            data-button="share"
          >
            <Icon name="share" />
          </button>
        ) : null}
        {shown("wechat", false) ? (
          <button
            type="button"
            onClick={() => setInfo("wechat")}
            aria-label={labels.wechat}
            title={labels.wechat}
            style={orderOf("wechat")}
            data-button="wechat"
          >
            <Icon name="wechat" />
          </button>
        ) : null}
        {shown("email", false) ? (
          <a
            className="tl-tool"
            href={emailHref(settings.email, shareSubject)}
            aria-label={labels.email}
            title={labels.email}
            style={orderOf("email")}
            data-button="email"
          >
            <Icon name="email" />
          </a>
        ) : null}
        {shown("phone", false) && phoneNumbers.length > 0 ? (
          phoneNumbers.length === 1 && phoneNumbers[0] ? (
            <a
              className="tl-tool"
              href={`tel:${telephone(phoneNumbers[0].number)}`}
              aria-label={labels.phone}
              title={phoneNumbers[0].number}
              style={orderOf("phone")}
              data-button="phone"
            >
              <Icon name="phone" />
            </a>
          ) : (
            <button
              type="button"
              onClick={() => setInfo("phone")}
              aria-label={labels.phone}
              title={labels.phone}
              style={orderOf("phone")}
              data-button="phone"
            >
              <Icon name="phone" />
            </button>
          )
        ) : null}
        {shown("message", false) && window.location.protocol !== "file:" ? (
          <button
            type="button"
            onClick={() => setInfo("messages")}
            aria-label={labels.messages}
            title={labels.messages}
            style={orderOf("message")}
            data-button="message"
          >
            <Icon name="message" />
          </button>
        ) : null}
        {shown("annotation", false) ? (
          <button
            type="button"
            onClick={() => setAnnotations(!annotations)}
            aria-pressed={annotations}
            aria-label={labels.annotations}
            title={labels.annotations}
            style={orderOf("annotation")}
            data-button="annotation"
          >
            <Icon name="annotation" />
          </button>
        ) : null}
        {settings.businessCard ? (
          <button
            type="button"
            onClick={() => setInfo("card")}
            aria-label={labels.businessCard}
            title={labels.businessCard}
            data-button="card"
          >
            <Icon name="card" />
          </button>
        ) : null}
        {shown("about", false) ? (
          <button
            type="button"
            onClick={() => setInfo("about")}
            aria-label={labels.about}
            title={labels.about}
            style={orderOf("about")}
            data-button="about"
          >
            <Icon name="about" />
          </button>
        ) : null}
        {shown("help", settings.helpAtStart) ? (
          <button
            type="button"
            onClick={() => setInfo("help")}
            aria-label={labels.help}
            title={labels.help}
            style={orderOf("help")}
            data-button="help"
          >
            <Icon name="help" />
          </button>
        ) : null}
        {languages.length > 1 ? (
          <LanguageSwitcher
            languages={languages}
            current={lang || (languages.find((language) => language.isDefault)?.code ?? "zh")}
            label={labels.language}
            onChange={chooseLanguage}
          />
        ) : null}
        {shown("fullscreen") ? (
          <button
            type="button"
            style={orderOf("fullscreen")}
            data-button="fullscreen"
            onClick={() =>
              document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()
            }
            aria-label={labels.fullscreen}
            title={labels.fullscreen}
          >
            <Icon name="fullscreen" />
          </button>
        ) : null}
      </nav>
    </div>
  );
}
