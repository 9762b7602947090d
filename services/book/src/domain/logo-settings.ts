import { contentIdPattern } from "./book-content.js";
import { type ImageSize, pixelProblem } from "./image-pixels.js";

/** The settings holding a logo picture (spec 000 §5: max 500×500 px, an image wider than 2 px). */
export const logoSettingKeys = ["appLogoIcon", "appLargeLogoURL"] as const;

/** A stored editor asset's URL, absolute or as a path: /api/common/file/<fileId>/<name>. */
const assetUrl = /^(?:https?:\/\/[^/\s]+)?\/api\/common\/file\/([^/\s]+)\//i;

/**
 * The editor assets a settings change sets as a logo (a URL typed into the logo field as well as one upload-file
 * answered): those the service can measure. A change that is not JSON is left to the settings validator.
 */
export function logoAssetIds(bookConfigJson: string): string[] {
  if (bookConfigJson.trim() === "") return [];
  let changes: unknown;
  try {
    changes = JSON.parse(bookConfigJson);
  } catch {
    return [];
  }
  if (!changes || typeof changes !== "object" || Array.isArray(changes)) return [];
  const ids: string[] = [];
  for (const key of logoSettingKeys) {
    const value = (changes as Record<string, unknown>)[key];
    const fileId = typeof value === "string" ? assetUrl.exec(value.trim())?.[1] : undefined;
    if (fileId && contentIdPattern.test(fileId)) ids.push(fileId);
  }
  return ids;
}

/**
 * Refuses a change whose logo is a stored picture over the logo's limits, whatever purpose it was uploaded for (an
 * image uploaded for a background, then typed into the logo field): the coded texts of the logo upload.
 */
export async function checkLogoAssets(
  bookConfigJson: string,
  measure: ((fileId: string) => Promise<ImageSize | undefined | null>) | undefined,
): Promise<void> {
  if (!measure) return;
  for (const fileId of logoAssetIds(bookConfigJson)) {
    const size = await measure(fileId);
    // A URL naming no stored picture shows nothing in the reader: the settings' own link rules judge it.
    if (size === null) continue;
    const problem = pixelProblem(size, "logo");
    if (problem) throw problem;
  }
}
