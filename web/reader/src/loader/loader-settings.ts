import type { LoaderSettings } from "../settings/types.js";

export const emptyLoader: LoaderSettings = {
  captionSource: "",
  caption: "",
  fontSize: 16,
  color: "#dddddd",
  picture: "",
  background: "#1f2232",
  minSeconds: 0,
  video: "",
  backgroundType: 1,
};
/** What the loading screen says: by its caption source (spec 000 loadingCaptionSource), else its caption. */
export function loaderCaption(loader: LoaderSettings, title: string, loading: string): string | null {
  if (loader.captionSource === "none") return null;
  if (loader.captionSource === "title") return title || loading;
  return loader.caption || loading;
}
