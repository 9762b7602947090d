import { type CodedMessage, message } from "@turnleaf/kit";

/**
 * The size limits of editor assets (spec 000 §5 and §9) and the logo size rule, in a module of their own that
 * imports no other domain module: the upload check (asset-upload.ts) and the measured-pixels check
 * (image-pixels.ts) both read them.
 */
export const assetLimits = {
  fileBytes: 10_485_760,
  attachmentBytes: 100 * 1024 * 1024,
  nameLength: 200,
  /** Spec 000 §5: app logo max 500x500 px; a logo is valid only wider than 2 px. */
  logoMaxSide: 500,
  logoMinWidth: 3,
} as const;

/** Why a logo of this size is refused (spec 000 §5 texts, coded: the gateway words them), or undefined. */
export function logoSizeProblem(size: { width: number; height: number }, gif: boolean): CodedMessage | undefined {
  const max = assetLimits.logoMaxSide;
  if (size.width > max || size.height > max) {
    const params = { maxWidth: max, maxHeight: max, width: size.width, height: size.height };
    return message(gif ? "imageTooLargeGif" : "imageTooLarge", params);
  }
  if (size.width < assetLimits.logoMinWidth) return message("logoTooNarrow");
  return undefined;
}
