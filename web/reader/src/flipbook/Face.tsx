import { type CSSProperties, forwardRef, useEffect, useRef, useState } from "react";
import type { PageText, ReaderPage } from "../book.js";
import { pickRendition } from "../engine/renditions.js";
import { useLabels } from "../language/labels-context.js";
import { useLoadRetries } from "../load-retries.js";
import { OptionalPart } from "../optional-part.js";
import { highlighted, useSearchHighlight } from "../search/highlight.js";
import { vectorDocument } from "./vector-loader.js";

export interface FaceProps {
  page: ReaderPage | null;
  /** Which side of the spine the face lies on (its outer corners are the rounded ones). */
  side?: "left" | "right";
  /** The book's last page: it and page 1 are covers (border setting). */
  lastPage?: number;
  linkTarget?: string;
  /** Full-vector books: the PDF pdf.js draws this page from (pictures stay underneath until it is drawn). */
  vectorPdfUrl?: string;
  /** false: renditions for CSS pixels only, whatever the screen's density (the hdDisplay setting). */
  hd?: boolean;
  width: number;
  height: number;
  /** Left edge relative to the spine (0 for a right-hand page, −width for a left-hand one). */
  left: number;
  zoom: number;
  /** Static faces carry the selectable text and the links; faces of a turning sheet are pictures only. */
  interactive: boolean;
  className?: string;
  style?: CSSProperties;
  onGoToPage?: (page: number) => void;
  /** Shown on a locked page; opens the password form. */
  onUnlock?: (() => void) | undefined;
  lockedLabel?: string;
}

// Its own chunk: books without media never load it, and those with media only once a page with items is shown.
const loadMediaLayer = () => import("../media/MediaLayer.js");

const devicePixelRatio = () => (typeof window === "undefined" ? 1 : window.devicePixelRatio || 1);

function TextLayer({ url, width, height }: { url: string; width: number; height: number }) {
  const [text, setText] = useState<PageText | null>(null);
  const { attempt, failed } = useLoadRetries(url);
  const query = useSearchHighlight();
  useEffect(() => {
    const controller = new AbortController();
    // A server error or no answer is tried again (load-retries.ts); a missing text (404) is not.
    const reached = (response: Response) => (response.status >= 500 ? Promise.reject(response) : response);
    void attempt; // each try is a run of this effect
    fetch(url, { signal: controller.signal })
      .then(reached)
      .then((response) => (response.ok ? (response.json() as Promise<PageText>) : null))
      .then(setText)
      .catch(() => {
        if (!controller.signal.aborted) failed();
      });
    return () => controller.abort();
  }, [url, attempt, failed]);
  if (!text) return null;
  return (
    <div className="tl-text" aria-hidden="false">
      {text.items.map(({ text: run, box: [x, y, boxWidth, boxHeight] }, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: text runs have no identity but their order
          key={index}
          style={{
            left: x * width,
            top: y * height,
            fontSize: Math.max(1, boxHeight * height),
            width: boxWidth * width,
          }}
        >
          {highlighted(run, query)}
        </span>
      ))}
    </div>
  );
}

/** A page drawn from the book's PDF by pdf.js at the face's size, sharp at any zoom. */
function VectorLayer({ url, page, width, zoom }: { url: string; page: number; width: number; zoom: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    vectorDocument(url).then(async (loaded) => {
      const element = canvas.current;
      if (!loaded || cancelled || !element || page > loaded.pdf.numPages) return;
      task = await loaded.module.drawPage(loaded.pdf, page, element, width, devicePixelRatio() * zoom);
      await (task as { promise?: Promise<void> } | null)?.promise?.catch(() => undefined);
      if (!cancelled) setDrawn(true);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [url, page, width, zoom]);
  return <canvas ref={canvas} className="tl-vector" data-drawn={drawn ? "yes" : "no"} />;
}

/** One page face: the picture at the rendition the drawn size needs, with its text and links when static. */
export const Face = forwardRef<HTMLDivElement, FaceProps>(function Face(props, ref) {
  const { page, width, height, left, zoom, interactive, className, style, onGoToPage } = props;
  const labels = useLabels();
  const pageLabel = labels.page;
  const withMedia = Boolean(page && !page.locked && interactive && page.media?.length);
  // The page's picture goes first: its media (pictures, video metadata) load once it is there, so they never take
  // the bandwidth of the first page; the media layer's code is fetched meanwhile. A face stays ready once drawn
  // (a sharper rendition at a new zoom does not take the media away).
  const [pictureReady, setPictureReady] = useState(false);
  const picture = useRef<HTMLImageElement>(null);
  const density = props.hd === false ? 1 : devicePixelRatio();
  const rendition = page && !page.locked ? pickRendition(page.renditions, width, density, zoom) : undefined;
  const pictureLoads = useLoadRetries(rendition?.url);
  useEffect(() => {
    if (!withMedia) return;
    loadMediaLayer().catch(() => undefined);
    // A face that was a turning sheet's before it lay still has its picture already (no load event to come).
    if (picture.current?.complete) setPictureReady(true);
  }, [withMedia]);
  if (page?.locked) {
    return (
      <div
        ref={ref}
        className={`tl-face tl-face-locked ${className ?? ""}`}
        style={{ width, height, left, ...style }}
        data-page={page.number}
      >
        <p>{props.lockedLabel}</p>
        {interactive && props.onUnlock ? (
          <button type="button" onClick={props.onUnlock}>
            {labels.unlock}
          </button>
        ) : null}
      </div>
    );
  }
  const cover = page && (page.number === 1 || page.number === props.lastPage);
  return (
    <div
      ref={ref}
      className={`tl-face ${page ? "" : "tl-face-empty"} ${props.side ? `tl-face-${props.side}` : ""} ${cover ? "tl-cover" : ""} ${className ?? ""}`}
      style={{ width, height, left, ...style }}
      data-page={page?.number}
    >
      {page && rendition ? (
        <img
          // A picture that did not arrive is a new element on the next try (load-retries.ts): a new request.
          key={pictureLoads.attempt}
          className="tl-page-image"
          src={rendition.url}
          width={width}
          height={height}
          alt={interactive ? pageLabel(page.number) : ""}
          draggable={false}
          decoding="async"
          ref={picture}
          onLoad={page.media?.length ? () => setPictureReady(true) : undefined}
          onError={() => {
            if (page.media?.length) setPictureReady(true);
            pictureLoads.failed();
          }}
        />
      ) : null}
      {page && interactive && props.vectorPdfUrl ? (
        <VectorLayer url={props.vectorPdfUrl} page={page.number} width={width} zoom={zoom} />
      ) : null}
      {page && interactive && page.textUrl ? <TextLayer url={page.textUrl} width={width} height={height} /> : null}
      {page && interactive
        ? page.links.map((link, index) => (
            <a
              // biome-ignore lint/suspicious/noArrayIndexKey: links of a page have no identity but their order
              key={index}
              className="tl-link"
              style={{
                left: link.x * width,
                top: link.y * height,
                width: link.width * width,
                height: link.height * height,
              }}
              href={link.url ?? `#page=${link.page}`}
              target={link.url ? (props.linkTarget ?? "_blank") : undefined}
              rel={link.url ? "noopener noreferrer" : undefined}
              title={link.url ?? pageLabel(link.page ?? 1)}
              onClick={(event) => {
                if (link.page !== undefined && onGoToPage) {
                  event.preventDefault();
                  onGoToPage(link.page);
                }
              }}
            >
              <span className="tl-visually-hidden">{link.url ?? pageLabel(link.page ?? 1)}</span>
            </a>
          ))
        : null}
      {withMedia && page?.media && (pictureReady || !rendition) ? (
        <OptionalPart code={loadMediaLayer} props={{ items: page.media, onGoToPage, linkTarget: props.linkTarget }} />
      ) : null}
    </div>
  );
});
