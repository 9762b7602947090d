import type { CSSProperties } from "react";
import type { ReaderSettings } from "../settings/types.js";

/** The reader's background: the gradient over the background colour, or the colour alone. */
export function backgroundOf(settings: ReaderSettings): string {
  const gradient = settings.backgroundGradient;
  if (!gradient) return settings.backgroundColor;
  return `linear-gradient(${gradient.angle}deg, ${gradient.colorA}, ${gradient.colorB})`;
}

/** CSS for the background picture's position setting. */
const backgroundPlacement: Record<string, CSSProperties> = {
  stretch: { backgroundSize: "100% 100%", backgroundRepeat: "no-repeat" },
  fit: { backgroundSize: "contain", backgroundRepeat: "no-repeat", backgroundPosition: "center" },
  fill: { backgroundSize: "cover", backgroundRepeat: "no-repeat", backgroundPosition: "center" },
  center: { backgroundRepeat: "no-repeat", backgroundPosition: "center" },
  tile: { backgroundRepeat: "repeat" },
  top: { backgroundSize: "cover", backgroundRepeat: "no-repeat", backgroundPosition: "top" },
  bottom: { backgroundSize: "cover", backgroundRepeat: "no-repeat", backgroundPosition: "bottom" },
};

/** The background picture behind the book (its position and opacity), and the book's logo. */
export function Backdrop({ settings, title }: { settings: ReaderSettings; title: string }) {
  const logo = settings.logo;
  return (
    <>
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
          target={settings.linkTarget}
          rel="noopener noreferrer"
          style={{ padding: logo.padding ?? 0, top: 8 + (logo.top ?? 0) }}
        >
          <img src={logo.url} alt={title} style={{ height: logo.large ? 55 : logo.height }} />
        </a>
      ) : null}
    </>
  );
}
