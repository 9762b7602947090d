import { contentIdPattern } from "./book-content.js";
import { type ImageSize, pixelProblem } from "./image-pixels.js";

/** The settings holding a logo picture (spec 000 §5: max 500×500 px, an image wider than 2 px). */
export const logoSettingKeys = ["appLogoIcon", "appLargeLogoURL"] as const;

/** The other picture file settings (spec 000 §5 file setting: 10 MB; any picture at most the pixel cap). */
export const pictureSettingKeys = ["backGroundImgURL", "loadingPicture"] as const;

/** A stored editor asset's URL, absolute or as a path: /api/common/file/<fileId>/<name>. */
const assetUrl = /^(?:https?:\/\/[^/\s]+)?\/api\/common\/file\/([^/\s]+)\//i;

/** Where a picture's bytes are: a stored editor asset, a URL on another site, or nowhere the service can read. */
export type PictureSource = { asset: string } | { remote: string } | undefined;

export function pictureSource(value: string): PictureSource {
  const trimmed = value.trim();
  const fileId = assetUrl.exec(trimmed)?.[1];
  if (fileId) return contentIdPattern.test(fileId) ? { asset: fileId } : undefined;
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    return { remote: new URL(trimmed).toString() };
  } catch {
    return undefined;
  }
}

/** Measures a picture by its setting value; null when there is nothing the service can read there. */
export type MeasurePicture = (value: string) => Promise<ImageSize | undefined | null>;

/**
 * The logo values a settings change sets (an uploaded picture, one typed from the asset list, or a URL on another
 * site): those to measure. A change that is not JSON is left to the settings validator.
 */
export function logoValues(bookConfigJson: string): string[] {
  return changedValues(bookConfigJson, logoSettingKeys);
}

function changedValues(bookConfigJson: string, keys: readonly string[]): string[] {
  if (bookConfigJson.trim() === "") return [];
  let changes: unknown;
  try {
    changes = JSON.parse(bookConfigJson);
  } catch {
    return [];
  }
  if (!changes || typeof changes !== "object" || Array.isArray(changes)) return [];
  const values: string[] = [];
  for (const key of keys) {
    const value = (changes as Record<string, unknown>)[key];
    if (typeof value === "string" && value.trim() !== "") values.push(value);
  }
  return values;
}

/**
 * Refuses a logo over the logo's limits, whatever it was uploaded for (an image uploaded for a background, then
 * typed into the logo field) and wherever it is (a URL on another site is fetched and measured): the coded texts of
 * the logo upload.
 */
export async function checkLogoPicture(value: string, measure: MeasurePicture | undefined): Promise<void> {
  if (!measure) return;
  const size = await measure(value);
  // A value naming no readable picture shows nothing in the reader: the settings' own link rules judge it.
  if (size === null) return;
  const problem = pixelProblem(size, "logo");
  if (problem) throw problem;
}

/**
 * The picture settings of a change: logos by the logo rules; a background or loading picture typed as a URL on
 * another site fetched (within the file setting's 10 MB) and held to the pixel cap, like an uploaded one.
 */
export async function checkPictureSettings(bookConfigJson: string, measure: MeasurePicture | undefined): Promise<void> {
  for (const value of logoValues(bookConfigJson)) await checkLogoPicture(value, measure);
  if (!measure) return;
  for (const value of changedValues(bookConfigJson, pictureSettingKeys)) {
    const source = pictureSource(value);
    if (!source || !("remote" in source)) continue;
    const size = await measure(value);
    const problem = size === null ? undefined : pixelProblem(size, "image");
    if (problem) throw problem;
  }
}
