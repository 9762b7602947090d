import { type ReactNode, useEffect, useRef, useState } from "react";
import type { AdSettings, BookLanguage, LoaderSettings } from "./book.js";
import { loaderCaption } from "./htmlconfig.js";
import type { Labels } from "./labels.js";

/**
 * The loading screen: its picture or video, caption, font and colours, over everything until the book shows. Its
 * background is its colour, or the book's background picture when loadingBackgroundColorType is 2.
 */
export function Loader({
  loader,
  labels,
  title,
  backgroundPicture,
}: {
  loader: LoaderSettings;
  labels: Labels;
  title: string;
  backgroundPicture: string | undefined;
}) {
  const caption = loaderCaption(loader, title, labels.loading);
  const background =
    loader.backgroundType === 2 && backgroundPicture
      ? `center / cover no-repeat url(${JSON.stringify(backgroundPicture)}), ${loader.background}`
      : loader.background;
  return (
    <div className="tl-loader" style={{ background }} data-testid="loader" role="status">
      {loader.video ? (
        <video src={loader.video} autoPlay muted playsInline loop className="tl-loader-media" />
      ) : loader.picture ? (
        <img src={loader.picture} alt="" className="tl-loader-media" />
      ) : (
        <div className="tl-loader-spinner" aria-hidden="true" />
      )}
      {caption === null ? null : <p style={{ fontSize: loader.fontSize, color: loader.color }}>{caption}</p>}
    </div>
  );
}

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

/** The ad banner: one entry at a time, the next every `interval` ms; it can be closed. */
export function AdBanner({ ads, labels, target }: { ads: AdSettings; labels: Labels; target: string }) {
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (ads.items.length < 2) return;
    const timer = window.setInterval(() => setIndex((value) => (value + 1) % ads.items.length), ads.interval);
    return () => window.clearInterval(timer);
  }, [ads.items.length, ads.interval]);
  if (closed) return null;
  const item = ads.items[index % ads.items.length];
  if (!item) return null;
  const content = item.image ? (
    <img className="tl-ad-picture" src={item.image} alt={item.text || labels.advert} />
  ) : (
    <span>{item.text}</span>
  );
  const colour = ads.bgColor;
  return (
    <aside
      className={`tl-ad tl-ad-${ads.position}`}
      aria-label={labels.advert}
      data-testid="ad"
      data-index={index}
      style={{ background: colour, ["--tl-ad-alpha" as string]: String(ads.bgOpacity) }}
    >
      {item.link ? (
        <a className="tl-ad-link" href={item.link} target={target} rel="noopener noreferrer sponsored">
          {content}
        </a>
      ) : (
        content
      )}
      <button type="button" className="tl-ad-close" onClick={() => setClosed(true)} aria-label={labels.close}>
        ×
      </button>
    </aside>
  );
}

/**
 * A dynamic scene (the settings tree's snow, rain, petals, stars, bubbles, leaves): a few dozen CSS-animated
 * particles in front of the book, not hit-testable, left out under reduced motion.
 */
export function Scene({ scene }: { scene: string }) {
  const particles = Array.from({ length: 28 }, (_, index) => {
    // A fixed scatter (no randomness): the same book looks the same on every open.
    const left = (index * 37) % 100;
    const delay = -((index * 1.7) % 9);
    const duration = 7 + ((index * 13) % 7);
    const size = 0.6 + ((index * 7) % 5) / 5;
    return (
      <i
        // biome-ignore lint/suspicious/noArrayIndexKey: particles are interchangeable
        key={index}
        style={{
          left: `${left}%`,
          animationDelay: `${delay}s`,
          animationDuration: `${duration}s`,
          scale: String(size),
          ["--tl-y" as string]: `${(index * 53) % 100}%`,
        }}
      />
    );
  });
  return (
    <div className={`tl-scene tl-scene-${scene}`} aria-hidden="true" data-testid="scene">
      {particles}
    </div>
  );
}

/** A small modal dialog (about, help, phone numbers, WeChat). */
export function InfoDialog({
  title,
  labels,
  onClose,
  children,
}: {
  title: string;
  labels: Labels;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog ref={dialog} className="tl-dialog" aria-label={title} onClose={onClose}>
      <header>
        <h2>{title}</h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label={labels.close}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}

/** A QR code of a URL (the qrcode package loads only when one is shown). */
export function QrCode({ url, alt, size = 220 }: { url: string; alt: string; size?: number }) {
  const [data, setData] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("qrcode").then(({ toDataURL }) =>
      toDataURL(url, { margin: 1, width: size }).then((value) => {
        if (!cancelled) setData(value);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [url, size]);
  return data ? <img className="tl-qr" src={data} width={size} height={size} alt={alt} /> : null;
}

/**
 * Analytics in a sandboxed frame served by the gateway (`/b/<link>/analytics`, CSP `sandbox allow-scripts`): the
 * owner's tracking script and Google Analytics run at an opaque origin, never with the reader's cookies or DOM, and
 * the reader's page needs no third-party script. Page views go to the frame by postMessage.
 */
export function AnalyticsFrame({ link, page, title }: { link: string; page: number; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready) return;
    frame.current?.contentWindow?.postMessage(
      { type: "turnleaf:pageview", page, title, location: window.location.href },
      "*",
    );
  }, [ready, page, title]);
  return (
    <iframe
      ref={frame}
      className="tl-analytics"
      src={`/b/${encodeURIComponent(link)}/analytics`}
      sandbox="allow-scripts"
      title="analytics"
      aria-hidden="true"
      tabIndex={-1}
      onLoad={() => setReady(true)}
      data-testid="analytics"
    />
  );
}

/** The language switcher: the book's languages; choosing one reloads the interface labels (and `?lang=`). */
export function LanguageSwitcher({
  languages,
  current,
  label,
  onChange,
}: {
  languages: BookLanguage[];
  current: string;
  label: string;
  onChange(code: string): void;
}) {
  const value = languages.find((language) => sameLanguage(language.code, current))?.code ?? languages[0]?.code ?? "";
  return (
    <label className="tl-language" data-button="language">
      <span className="tl-visually-hidden">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} aria-label={label}>
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name || language.code}
          </option>
        ))}
      </select>
    </label>
  );
}

/** zh and zh-CN are the same interface language; so are en and en-GB. */
export const sameLanguage = (a: string, b: string) =>
  a.toLowerCase() === b.toLowerCase() || a.toLowerCase().split("-")[0] === b.toLowerCase().split("-")[0];
