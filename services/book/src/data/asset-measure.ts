import { type ImageSize, measureImage } from "../domain/image-pixels.js";
import type { BookContentRepository } from "./book-content.repository.js";
import type { FileStore } from "./file-store.js";

/**
 * Measures a ready editor asset's picture from its stored bytes (null when there is no such ready asset, or no
 * store to read it from; undefined when its bytes are no picture).
 */
export function assetMeasurer(
  content: BookContentRepository,
  files: FileStore | undefined,
): (fileId: string) => Promise<ImageSize | undefined | null> {
  return async (fileId) => {
    if (!files) return null;
    const asset = await content.asset(fileId);
    if (asset?.state !== "ready") return null;
    return measureImage(await files.assetBytes(asset.key));
  };
}
