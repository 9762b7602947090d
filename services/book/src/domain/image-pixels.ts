import { DomainError } from "@turnleaf/kit";
import sharp from "sharp";
import { assetLimits } from "./asset-upload.js";

/**
 * Pixel limits of uploaded pictures, measured on the stored bytes for every image format (JPEG, PNG, GIF, WebP)
 * from their headers only (sharp's metadata: nothing is decoded, so a decompression bomb costs nothing to measure).
 * A logo (spec 000 §5 / §9): at most 500×500 px and wider than 2 px. Any picture: at most `maxPixels`.
 */
export const pixelLimits = { maxPixels: 50_000_000 } as const;

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

const refuse = (message: string) => new DomainError("INVALID_ARGUMENT", message, { details: { field: "file" } });

/** Why a measured picture may not be stored for `purpose` (texts as asset-upload.ts words them), or undefined. */
export function pixelProblem(size: ImageSize | undefined, purpose: string): DomainError | undefined {
  if (!size) return purpose === "logo" ? refuse("the logo must be a JPG, PNG, GIF or JPEG image") : undefined;
  if (size.width * size.height > pixelLimits.maxPixels) {
    return refuse(`the image may not exceed ${pixelLimits.maxPixels / 1_000_000} megapixels`);
  }
  if (purpose !== "logo") return undefined;
  const max = assetLimits.logoMaxSide;
  if (size.width > max || size.height > max) {
    return size.format === "gif"
      ? refuse(`please upload an image smaller than ${max}*${max} px! current size is: ${size.width}*${size.height}`)
      : refuse(`image size max ${max}*${max} px, current ${size.width}*${size.height}`);
  }
  if (size.width < assetLimits.logoMinWidth) return refuse("the logo must be an image wider than 2 px");
  return undefined;
}
