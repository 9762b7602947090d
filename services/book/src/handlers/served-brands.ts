import { servedBrandSettings } from "@turnleaf/resource-files";
import type { BrandDocument } from "../data/book-content.schema.js";
import { brandKinds } from "../domain/book-content.js";

/** The owner's brands, looked up when a book is served to readers. */
export type BrandsOf = (ownerId: string) => Promise<BrandDocument[]>;

/**
 * A book applies a brand by its id in htmlConfig (`loadingBrand`, `toolBarBrand`, `relatedBrand`: the brand kinds of
 * spec 001). Readers get the brand itself — title, logo, link, description — as the owner's brand is now (an edited
 * brand shows without the book being saved); an id that is not one of the owner's brands of that kind is dropped.
 */
export async function withServedBrands(
  htmlConfig: Record<string, unknown>,
  ownerId: string,
  brandsOf: BrandsOf | undefined,
): Promise<Record<string, unknown>> {
  const applied = brandKinds.filter((kind) => typeof htmlConfig[kind] === "string" && htmlConfig[kind] !== "");
  if (applied.length === 0 || !brandsOf) return htmlConfig;
  const brands = await brandsOf(ownerId);
  return servedBrandSettings(htmlConfig, (kind, brandId) => {
    const brand = brands.find((candidate) => candidate.brandId === brandId && candidate.kind === kind);
    return (
      brand && {
        brandId: brand.brandId,
        title: brand.title,
        logo: brand.logo,
        link: brand.link,
        desc: brand.description,
      }
    );
  });
}
