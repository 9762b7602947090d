import type { Labels } from "../labels.js";
import { fillLabel } from "./file-limits.js";

/** A stored editor asset's URL (upload-file's answer): the server measures those itself when they are saved. */
const storedAsset = /^(?:https?:\/\/[^/\s]+)?\/api\/common\/file\//i;

/** The extension a URL's path ends with (query and fragment aside), lower case; "" without one. */
export function urlExtension(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
}

/** The pixel size of a picture at a URL as the browser loads it; undefined when it does not load as one. */
function pictureSize(url: string): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}

export interface LogoRules {
  maxWidth: number;
  maxHeight: number;
  minWidthExclusive: number;
}

/** The file-setting extensions for a typed URL (a stored asset's name was checked when it was uploaded). */
export function typedUrlTypeProblem(url: string, extensions: readonly string[], labels: Labels): string | undefined {
  const value = url.trim();
  if (value === "" || storedAsset.test(value) || extensions.includes(urlExtension(value))) return undefined;
  return `${labels.fileBadType}${extensions.join(", ")}`;
}

/** Whether a typed logo URL is another site's picture, which only the browser can measure (the server never fetches). */
export const measuredHere = (url: string, logo: LogoRules | undefined): logo is LogoRules =>
  logo !== undefined && url.trim() !== "" && !storedAsset.test(url.trim());

/**
 * Spec 000 §5 for another site's picture typed into a logo setting: an image wider than 2 px within the logo's
 * maximum, as the browser loads it. A stored asset's size is the server's to judge (update-book measures it).
 */
export async function typedLogoProblem(url: string, logo: LogoRules, labels: Labels): Promise<string | undefined> {
  const size = await pictureSize(url.trim());
  if (!size || size.width <= logo.minWidthExclusive) return labels.logoTooNarrow;
  if (size.width > logo.maxWidth || size.height > logo.maxHeight) {
    return fillLabel(labels.imagePixelsOver, { maxWidth: logo.maxWidth, maxHeight: logo.maxHeight, ...size });
  }
  return undefined;
}
