import type { BrandKind } from "./types.js";

/** The brand kinds of spec 001 (the settings keys a brand is applied by, its id), in the order the editor lists them. */
export const brandKinds = ["loadingBrand", "toolBarBrand", "relatedBrand"] as const satisfies readonly BrandKind[];

/** A brand as book.json serves it in place of the id that applies it. */
export interface ServedBrand {
  brandId: string;
  title: string;
  logo: string;
  link: string;
  desc: string;
}

/**
 * The settings as book.json serves them: each brand applied by its id (a non-empty string under a brand kind)
 * becomes the brand `brandOf` finds for that kind and id; an id it finds none for is left out. The book service
 * serves the owner's brands this way, the CLI's offline flipbook the project's.
 */
export function servedBrandSettings(
  settings: Record<string, unknown>,
  brandOf: (kind: BrandKind, brandId: string) => ServedBrand | undefined,
): Record<string, unknown> {
  const served: Record<string, unknown> = { ...settings };
  for (const kind of brandKinds) {
    const brandId = settings[kind];
    if (typeof brandId !== "string" || brandId === "") continue;
    const brand = brandOf(kind, brandId);
    if (brand) served[kind] = brand;
    else delete served[kind];
  }
  return served;
}
