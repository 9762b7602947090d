import { useCallback, useMemo, useRef, useState } from "react";
import { accessRefusal, inOwnFrame } from "./access/access.js";
import { Refused } from "./access/Refused.js";
import { useRightClickBlock } from "./access/use-right-click-block.js";
import { AdBanner } from "./ads/AdBanner.js";
import { AnalyticsFrame } from "./analytics/AnalyticsFrame.js";
import { Backdrop, backgroundOf } from "./backdrop/Backdrop.js";
import type { ReaderBook, ReaderLocation } from "./book.js";
import { BrandMark } from "./brands/BrandMark.js";
import { Dialogs } from "./dialogs/Dialogs.js";
import { useOpenDialog } from "./dialogs/open-dialog.js";
import { parseCaptions, spreadCaption } from "./engine/captions.js";
import type { FlipBookHandle } from "./flipbook/types.js";
import { usePreloadNeighbours } from "./flipbook/use-preload-neighbours.js";
import type { Labels } from "./language/labels.js";
import { LabelsContext } from "./language/labels-context.js";
import { useInterfaceLanguage } from "./language/use-interface-language.js";
import { useLiveBook } from "./live-book/use-live-book.js";
import { Loader } from "./loader/Loader.js";
import { useLoaderDone } from "./loader/use-loader-done.js";
import { Outline } from "./navigation/Outline.js";
import { Thumbnails } from "./navigation/Thumbnails.js";
import { useAutoFlip } from "./navigation/use-auto-flip.js";
import { useKeyboard } from "./navigation/use-keyboard.js";
import { useNavigation } from "./navigation/use-navigation.js";
import { OptionalPart } from "./optional-part.js";
import { PageAudioPlayer } from "./page-audio/PageAudioPlayer.js";
import { phoneNumbersOf } from "./phone/phone-numbers.js";
import { Scene } from "./scene/Scene.js";
import { SearchHighlight } from "./search/highlight.js";
import { SearchPanel } from "./search/SearchPanel.js";
import { TextView } from "./search/TextView.js";
import { useSearchIndex } from "./search/use-search-index.js";
import { withAlpha } from "./settings/values.js";
import { BackgroundMusic } from "./sound/BackgroundMusic.js";
import { useSound } from "./sound/use-sound.js";
import { Toolbar } from "./toolbar/Toolbar.js";
import { BookViewport } from "./viewport/BookViewport.js";
import { useFit } from "./viewport/use-fit.js";
import { usePrefersReducedMotion } from "./viewport/use-reduced-motion.js";
import { useViewportSize } from "./viewport/use-viewport-size.js";
import { useViewportGestures } from "./zoom/use-viewport-gestures.js";
import { useZoom } from "./zoom/use-zoom.js";

// Reading statistics and the lead form load after the first page, never inside the owner's preview frame.
const insightCode = () => import("./insight/Insight.js");

/**
 * The reader's screen: it composes the features (each in its own folder) around the flip book. Its state lives in
 * their hooks: the interface language, the live book, the fit in the viewport, navigation, zoom, auto flip, sound,
 * the open dialog and side panel.
 */
export function Reader({
  initialBook,
  where,
  labels: initialLabels,
}: {
  initialBook: ReaderBook;
  where: ReaderLocation;
  labels: Labels;
}) {
  const { page: startPage, link } = where;
  const { book, reload } = useLiveBook(initialBook, where.bookUrl);
  const { lang, labels, chooseLanguage } = useInterfaceLanguage(
    initialLabels,
    where.lang,
    book.settings.interfaceLanguage,
  );
  const [annotations, setAnnotations] = useState(true);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const size = useViewportSize(viewport);
  const reducedMotion = usePrefersReducedMotion();
  const flipRef = useRef<FlipBookHandle>(null);
  const settings = book.settings;
  const pageCount = book.pages.length;
  const fit = useFit(book, size);
  const { layout } = fit;
  const zoom = useZoom(settings.zoomWidths, fit.pageWidth);
  const navigation = useNavigation({
    startPage,
    link,
    layout,
    pageCount,
    urlPageNumber: settings.urlPageNumber,
    lastPageMemory: settings.lastPageMemory,
    openWithMemory: initialBook.settings.lastPageMemory,
    flipRef,
  });
  const { page, spread, goToPage, turn } = navigation;
  const [magnifying, setMagnifying] = useState(false);
  const [searched, setSearched] = useState("");
  const music = settings.backgroundMusic;
  const pageAudio = book.pageAudio?.pages.length ? book.pageAudio : undefined;
  const sound = useSound(settings.flipSound, music?.url, Boolean(pageAudio));
  useRightClickBlock(settings.disableRightClick);
  usePreloadNeighbours(layout, spread, book.pages, fit.pageWidth, zoom.zoom);
  const [playing, setPlaying] = useAutoFlip({
    autoStart: initialBook.settings.autoFlip,
    spread,
    spreadCount: layout.spreadCount,
    intervalSeconds: settings.autoFlipIntervalSeconds,
    loops: settings.autoFlipLoops,
    turn,
    goToPage,
  });
  const loadSearch = useSearchIndex(book.searchUrl);
  const loaderDone = useLoaderDone(settings.loader?.minSeconds ?? 0, Boolean(settings.loader));
  const dialogs = useOpenDialog({ helpAtStart: settings.helpAtStart, loaderDone });
  const { closePanel } = dialogs;
  const onEscape = useCallback(() => {
    closePanel();
    setMagnifying(false);
  }, [closePanel]);
  useKeyboard({
    turn,
    goToPage,
    pageCount,
    zoom: zoom.zoom,
    direction: layout.direction,
    levelCount: zoom.levelCount,
    setZoomIndex: zoom.setZoomIndex,
    onEscape,
  });
  const gestures = useViewportGestures(viewport, zoom, turn);

  const visiblePages = layout.pagesOf(spread);
  const captions = useMemo(() => parseCaptions(settings.pageCaptions), [settings.pageCaptions]);
  const pageText = spreadCaption(captions, visiblePages);
  const refusal = accessRefusal(settings, {
    framed: window.parent !== window,
    userAgent: navigator.userAgent,
    ownPreview: inOwnFrame(),
  });
  const bookLink = `${window.location.origin}/b/${link}`;
  const coverUrl = book.pages[0]?.thumbUrl ? new URL(book.pages[0].thumbUrl, window.location.href).href : undefined;
  const languages = (book.languages ?? []).filter((language) => language.checked !== false);
  const phoneNumbers = phoneNumbersOf(settings);
  const linkTarget = settings.linkTarget;
  const panel = dialogs.panel;

  if (refusal)
    return (
      <LabelsContext.Provider value={labels}>
        <Refused refusal={refusal} settings={settings} />
      </LabelsContext.Provider>
    );

  return (
    <LabelsContext.Provider value={labels}>
      <div
        className={[
          "tl-reader",
          settings.mini ? "tl-mini" : "",
          fit.narrow ? "tl-narrow" : "",
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
        <Backdrop settings={settings} title={book.title} />
        {settings.brands.loading && settings.loader && !loaderDone ? (
          <BrandMark brand={settings.brands.loading} slot="loading" linkTarget={linkTarget} />
        ) : null}
        {settings.loader && !loaderDone ? (
          <Loader loader={settings.loader} title={book.title} backgroundPicture={settings.backgroundImage?.url} />
        ) : null}
        {settings.dynamicScene && !reducedMotion ? <Scene scene={settings.dynamicScene} /> : null}
        {settings.ads ? <AdBanner ads={settings.ads} target={linkTarget} /> : null}
        {(settings.analyticsId || settings.trackingScript) && link ? (
          <AnalyticsFrame link={link} page={page} title={book.title} />
        ) : null}
        <h1 className="tl-visually-hidden">{book.title}</h1>
        {music?.url ? <BackgroundMusic music={music} muted={sound.muted} /> : null}
        {pageAudio ? (
          <PageAudioPlayer
            pageAudio={pageAudio}
            visiblePages={layout.pagesOf(spread)}
            muted={sound.muted}
            atEnd={spread >= layout.spreadCount - 1}
            turn={turn}
          />
        ) : null}
        <div className="tl-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
          {labels.pageOf(pageText, book.pageCount || pageCount)}
        </div>
        {panel === "text" && settings.buttons.selectText !== false ? (
          <TextView book={book} load={loadSearch} onClose={closePanel} />
        ) : (
          <SearchHighlight.Provider value={searched}>
            <BookViewport
              viewportRef={setViewport}
              book={book}
              fit={fit}
              navigation={navigation}
              zoom={zoom.zoom}
              gestures={gestures}
              flipRef={flipRef}
              reducedMotion={reducedMotion}
              magnifying={magnifying}
              {...(book.lock?.mode === "lead" ? {} : { onUnlock: () => dialogs.open("unlock") })}
              onTurnStart={sound.onTurnStart}
            />
          </SearchHighlight.Provider>
        )}
        {book.state === "converting" && pageCount > 0 ? <p className="tl-converting">{labels.converting}</p> : null}
        {panel === "contents" ? (
          <Outline items={book.outline} onGo={goToPage} onClose={closePanel} target={linkTarget} />
        ) : null}
        {panel === "thumbnails" ? (
          <Thumbnails
            background={withAlpha(settings.thumbnailColor, settings.thumbnailAlpha)}
            book={book}
            current={visiblePages}
            onGo={(target) => {
              goToPage(target);
              // A phone's panel covers the page: it closes to show where the reader went.
              if (fit.narrow) closePanel();
            }}
            onClose={closePanel}
          />
        ) : null}
        <Dialogs
          dialog={dialogs.dialog}
          onClose={dialogs.close}
          book={book}
          link={link}
          bookLink={bookLink}
          coverUrl={coverUrl}
          visiblePages={visiblePages}
          phoneNumbers={phoneNumbers}
          onUnlocked={reload}
        />
        {pageCount > 0 && !inOwnFrame() && /^https?:$/.test(window.location.protocol) ? (
          <OptionalPart
            code={insightCode}
            props={{ link, pageCount, visiblePages, leadLocked: book.lock?.mode === "lead", onLeadSent: reload }}
          />
        ) : null}
        {panel === "search" ? (
          <SearchPanel
            load={loadSearch}
            minLength={settings.searchMinLength}
            onGo={(target, query) => {
              setSearched(query);
              goToPage(target);
              if (fit.narrow) closePanel();
            }}
            onClose={closePanel}
          />
        ) : null}
        <Toolbar
          book={book}
          narrow={fit.narrow}
          navigation={navigation}
          atStart={spread <= 0}
          atEnd={spread >= layout.spreadCount - 1}
          pageText={pageText}
          zoom={zoom}
          panel={panel}
          togglePanel={dialogs.togglePanel}
          openDialog={dialogs.open}
          playing={[playing, setPlaying]}
          muting={[sound.muted, sound.setMuted]}
          hasSound={sound.hasSound}
          magnifying={[magnifying, setMagnifying]}
          annotations={[annotations, setAnnotations]}
          shareSubject={{ url: bookLink, title: book.title, image: coverUrl }}
          phoneNumbers={phoneNumbers}
          languages={languages}
          lang={lang}
          chooseLanguage={chooseLanguage}
        />
      </div>
    </LabelsContext.Provider>
  );
}
