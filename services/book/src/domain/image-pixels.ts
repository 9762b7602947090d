import { type CodedMessage, DomainError, message, pictureLimits } from "@turnleaf/kit";
import sharp from "sharp";
import { logoSizeProblem } from "./asset-limits.js";

/**
 * Pixel limits of uploaded pictures, measured on the stored bytes for every image format (JPEG, PNG, GIF, WebP)
 * from their headers only (sharp's metadata: nothing is decoded, so a decompression bomb costs nothing to measure).
 * A logo (spec 000 §5 / §9): at most 500×500 px and wider than 2 px. Any picture: at most `maxPixels`.
 */
export const pixelLimits = pictureLimits;

export interface ImageSize {
  width: number;
  height: number;
  format: string;
}

/** The size a picture's header declares; undefined when the bytes are no image sharp reads. */
export async function measureImage(bytes: Buffer): Promise<ImageSize | undefined> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height || !meta.format) return undefined;
    // An animated GIF/WebP reports the height of all frames stacked; its page height is one frame's.
    return { width: meta.width, height: meta.pageHeight ?? meta.height, format: meta.format };
  } catch {
    return undefined;
  }
}

const refuse = (coded: CodedMessage) => new DomainError("INVALID_ARGUMENT", coded, { details: { field: "file" } });

/** Why a measured picture may not be stored for `purpose`, or undefined. */
export function pixelProblem(size: ImageSize | undefined, purpose: string): DomainError | undefined {
  if (!size) return purpose === "logo" ? refuse(message("logoFormat")) : undefined;
  if (size.width * size.height > pixelLimits.maxPixels) {
    return refuse(message("imageMegapixels", { max: pixelLimits.maxPixels / 1_000_000 }));
  }
  if (purpose !== "logo") return undefined;
  const problem = logoSizeProblem(size, size.format === "gif");
  return problem ? refuse(problem) : undefined;
}
