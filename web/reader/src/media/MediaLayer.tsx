import { type CSSProperties, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import "./media.css";
import { useLabels } from "../language/labels-context.js";
import { embedSource, type PageMedia, safeAddress } from "./media-types.js";

export interface MediaLayerProps {
  items: PageMedia[];
  onGoToPage?: (page: number) => void;
  /** Where links to other sites open. */
  linkTarget?: string;
}

/**
 * The media items of a page over its picture (loaded as its own chunk, only for pages that have items and only once
 * their page is shown: a face renders it when it is the static, visible face). Boxes are percentages of the face, so
 * the zoom's transform scales them with the page. Pointer presses inside an item stay out of the page turn.
 */
export default function MediaLayer(props: MediaLayerProps) {
  const [open, setOpen] = useState<PageMedia | null>(null);
  return (
    <div className="tl-media" data-testid="media-layer">
      {props.items.map((item) => (
        <MediaItemView key={item.id} item={item} {...props} onOpen={setOpen} />
      ))}
      {open ? <MediaPopup item={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

const boxStyle = (item: PageMedia): CSSProperties => ({
  left: `${item.x * 100}%`,
  top: `${item.y * 100}%`,
  width: `${item.width * 100}%`,
  height: `${item.height * 100}%`,
});

const keepFromTurn = { onPointerDown: (event: React.PointerEvent) => event.stopPropagation() };

function MediaItemView(props: MediaLayerProps & { item: PageMedia; onOpen: (item: PageMedia) => void }) {
  const { item, onOpen } = props;
  const labels = useLabels();
  const common = {
    className: `tl-media-item tl-media-${item.kind}${item.popup ? " tl-media-popup-trigger" : ""}`,
    style: boxStyle(item),
    "data-media-id": item.id,
    "data-kind": item.kind,
    ...keepFromTurn,
  };
  const title = item.text || undefined;
  if (item.kind === "link") {
    const url = safeAddress(item.url);
    const name = title ?? url ?? labels.page(item.targetPage ?? 1);
    return (
      <a
        {...common}
        href={url ?? `#page=${item.targetPage}`}
        target={url ? (props.linkTarget ?? "_blank") : undefined}
        rel={url ? "noopener noreferrer" : undefined}
        title={name}
        aria-label={name}
        onClick={(event) => {
          if (!url && item.targetPage && props.onGoToPage) {
            event.preventDefault();
            props.onGoToPage(item.targetPage);
          } else if (url && item.popup) {
            event.preventDefault();
            window.open(url, "_blank", "popup,width=960,height=720,noopener,noreferrer");
          }
        }}
      />
    );
  }
  if (item.popup && item.kind !== "audio") {
    const name =
      title ??
      (item.kind === "video" ? labels.mediaVideo : item.kind === "image" ? labels.mediaPicture : labels.mediaNote);
    const preview = item.kind === "image" ? safeAddress(item.images?.[0]) : undefined;
    return (
      <button
        {...common}
        type="button"
        title={name}
        aria-label={name}
        aria-haspopup="dialog"
        onClick={() => onOpen(item)}
      >
        {preview ? (
          <img src={preview} alt="" draggable={false} />
        ) : (
          <span className="tl-media-icon" aria-hidden="true" />
        )}
      </button>
    );
  }
  if (item.kind === "video") {
    return (
      <div {...common}>
        <VideoPlayer item={item} title={title ?? labels.mediaVideo} />
      </div>
    );
  }
  if (item.kind === "audio") {
    return <AudioButton item={item} common={common} title={title} />;
  }
  if (item.kind === "image") {
    return (
      <div {...common}>
        <Gallery images={item.images ?? []} title={title} />
      </div>
    );
  }
  return (
    <div {...common} role="note" aria-label={labels.mediaNote}>
      <p>{item.text}</p>
    </div>
  );
}

/** A video file or a video site's player; autoplay is muted (browsers allow no other). */
function VideoPlayer({ item, title, playing = false }: { item: PageMedia; title: string; playing?: boolean }) {
  if (item.embedUrl) {
    const src = embedSource({ ...item, autoplay: item.autoplay || playing });
    return src ? (
      <iframe
        src={src}
        title={title}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    ) : null;
  }
  const src = safeAddress(item.url);
  if (!src) return null;
  const autoplay = Boolean(item.autoplay) || playing;
  return (
    <video
      src={src}
      title={title}
      aria-label={title}
      controls
      playsInline
      autoPlay={autoplay}
      muted={Boolean(item.autoplay) && !playing}
      loop={item.loop}
      preload={autoplay ? "auto" : "metadata"}
    />
  );
}

function AudioButton({
  item,
  common,
  title,
}: {
  item: PageMedia;
  common: Record<string, unknown>;
  title: string | undefined;
}) {
  const labels = useLabels();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    // Browsers refuse sound before the reader touched the page: the button stays there to start it.
    if (item.autoplay) audio.current?.play().catch(() => undefined);
  }, [item.autoplay]);
  const src = safeAddress(item.url);
  const name = `${playing ? labels.mediaPause : labels.mediaPlay}: ${title ?? labels.mediaAudio}`;
  return (
    <button
      {...common}
      type="button"
      aria-pressed={playing}
      title={name}
      aria-label={name}
      onClick={() => {
        const element = audio.current;
        if (!element) return;
        if (element.paused) element.play().catch(() => undefined);
        else element.pause();
      }}
    >
      <span className={`tl-media-icon ${playing ? "tl-media-icon-pause" : ""}`} aria-hidden="true" />
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: sound clips have no picture to caption
        <audio
          ref={audio}
          src={src}
          loop={item.loop}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      ) : null}
    </button>
  );
}

function Gallery({ images, title }: { images: string[]; title: string | undefined }) {
  const labels = useLabels();
  const [index, setIndex] = useState(0);
  const sources = images.map(safeAddress).filter((src): src is string => Boolean(src));
  const src = sources[index % Math.max(sources.length, 1)];
  if (!src) return null;
  const step = (by: number) => setIndex((current) => (current + by + sources.length) % sources.length);
  return (
    <div className="tl-media-gallery">
      <img src={src} alt={title ?? labels.mediaPicture} draggable={false} />
      {sources.length > 1 ? (
        <>
          <button type="button" className="tl-media-prev" aria-label={labels.mediaPrevious} onClick={() => step(-1)}>
            ‹
          </button>
          <button type="button" className="tl-media-next" aria-label={labels.mediaNext} onClick={() => step(1)}>
            ›
          </button>
          <span className="tl-media-count">
            {index + 1} / {sources.length}
          </span>
        </>
      ) : null}
    </div>
  );
}

/** A pop-up over the whole reader (outside the zoomed page): Escape or the close button closes it. */
function MediaPopup({ item, onClose }: { item: PageMedia; onClose: () => void }) {
  const labels = useLabels();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const name =
    item.text && item.kind !== "note"
      ? item.text
      : item.kind === "video"
        ? labels.mediaVideo
        : item.kind === "image"
          ? labels.mediaPicture
          : labels.mediaNote;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click outside the dialog closes it; the keyboard's Escape is handled on the window
    <div className="tl-media-backdrop" onClick={onClose} {...keepFromTurn}>
      <div
        className={`tl-media-dialog tl-media-dialog-${item.kind}`}
        role="dialog"
        aria-modal="true"
        aria-label={name}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={() => undefined}
      >
        <button ref={close} type="button" className="tl-media-close" aria-label={labels.mediaClose} onClick={onClose}>
          ×
        </button>
        {item.kind === "video" ? <VideoPlayer item={item} title={name} playing /> : null}
        {item.kind === "image" ? <Gallery images={item.images ?? []} title={item.text} /> : null}
        {item.kind === "note" ? <p className="tl-media-note-text">{item.text}</p> : null}
      </div>
    </div>,
    document.body,
  );
}
