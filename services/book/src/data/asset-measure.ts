import { type ImageSize, measureImage } from "../domain/image-pixels.js";
import { type MeasurePicture, pictureSource } from "../domain/logo-settings.js";
import type { BookContentRepository } from "./book-content.repository.js";
import type { FileStore } from "./file-store.js";
import { fetchRemotePicture, type RemotePictureLimits } from "./remote-picture.js";

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

/**
 * Measures a picture setting's value: a stored asset from its bytes, a URL on another site fetched within the limits
 * (a refusal is a coded error), anything else null. Without limits, pictures on other sites are not fetched.
 */
export function pictureMeasurer(
  content: BookContentRepository,
  files: FileStore | undefined,
  remote: RemotePictureLimits | undefined,
): MeasurePicture {
  const measureAsset = assetMeasurer(content, files);
  return async (value) => {
    const source = pictureSource(value);
    if (!source) return null;
    if ("asset" in source) return measureAsset(source.asset);
    if (!remote) return null;
    return measureImage(await fetchRemotePicture(source.remote, remote));
  };
}
