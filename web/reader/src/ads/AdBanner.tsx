import { useEffect, useState } from "react";
import { useLabels } from "../language/labels-context.js";
import type { AdSettings } from "../settings/types.js";

/** The ad banner: one entry at a time, the next every `interval` ms; it can be closed. */
export function AdBanner({ ads, target }: { ads: AdSettings; target: string }) {
  const labels = useLabels();
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
