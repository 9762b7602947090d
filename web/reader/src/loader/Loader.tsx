import { useLabels } from "../language/labels-context.js";
import type { LoaderSettings } from "../settings/types.js";
import { loaderCaption } from "./loader-settings.js";

/**
 * The loading screen: its picture or video, caption, font and colours, over everything until the book shows. Its
 * background is its colour, or the book's background picture when loadingBackgroundColorType is 2.
 */
export function Loader({
  loader,
  title,
  backgroundPicture,
}: {
  loader: LoaderSettings;
  title: string;
  backgroundPicture: string | undefined;
}) {
  const labels = useLabels();
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
