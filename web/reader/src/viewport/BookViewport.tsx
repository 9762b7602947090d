import type { Ref, RefObject } from "react";
import type { ReaderBook } from "../book.js";
import { RelatedBrand } from "../brands/RelatedBrand.js";
import { FlipBook, type FlipBookHandle } from "../flipbook/FlipBook.js";
import { useLabels } from "../language/labels-context.js";
import type { Navigation } from "../navigation/use-navigation.js";
import { Magnifier } from "../zoom/Magnifier.js";
import type { useViewportGestures } from "../zoom/use-viewport-gestures.js";
import type { Fit } from "./use-fit.js";

/**
 * The viewport: the book placed within its margins (or why there is none yet), the magnifier's lens, and at the
 * last spread the related brand. It scrolls when zoomed; wheel and pointers are the gestures'.
 */
export function BookViewport({
  viewportRef,
  book,
  fit,
  navigation,
  zoom,
  gestures,
  flipRef,
  reducedMotion,
  magnifying,
  onUnlock,
  onTurnStart,
}: {
  viewportRef: Ref<HTMLElement>;
  book: ReaderBook;
  fit: Fit;
  navigation: Navigation;
  zoom: number;
  gestures: ReturnType<typeof useViewportGestures>;
  flipRef: RefObject<FlipBookHandle | null>;
  reducedMotion: boolean;
  magnifying: boolean;
  /** Opens the password form; none under a lead form's lock (the form itself opens the pages). */
  onUnlock?: (() => void) | undefined;
  onTurnStart(): void;
}) {
  const labels = useLabels();
  const settings = book.settings;
  const pageCount = book.pages.length;
  const { layout, margins, tabs } = fit;
  const { spread } = navigation;
  return (
    <section
      ref={viewportRef}
      className={`tl-viewport ${zoom > 1 ? "tl-zoomed" : ""}`}
      onWheel={gestures.onWheel}
      onPointerDownCapture={gestures.onPointerDownCapture}
      onPointerMove={gestures.onPointerMove}
      onPointerUp={gestures.onPointerUp}
      onPointerCancel={gestures.onPointerCancel}
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
            fit={fit}
            spread={spread}
            zoom={zoom}
            reducedMotion={reducedMotion || settings.flipStyle === "slide"}
            onSpreadChange={navigation.goToSpread}
            onGoToPage={navigation.goToPage}
            onUnlock={onUnlock}
            onTurnStart={onTurnStart}
            curlingCorner={settings.curlingCorner && !reducedMotion}
            linkTarget={settings.linkTarget}
          />
        </div>
      ) : (
        <p className="tl-message">{book.state === "converting" ? labels.converting : labels.failed}</p>
      )}
      {magnifying && settings.magnifier ? <Magnifier book={book} label={labels.magnifier} /> : null}
      {settings.brands.related && pageCount > 0 && spread === layout.spreadCount - 1 ? (
        <RelatedBrand brand={settings.brands.related} label={labels.related} linkTarget={settings.linkTarget} />
      ) : null}
    </section>
  );
}
