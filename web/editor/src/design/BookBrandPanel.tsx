import type { BrandDefaultFile, BrandKind } from "@turnleaf/resource-files";
import { useScreenServices } from "../screen-services.js";
import { brandKindsInOrder } from "./resources.js";
import type { OwnBrand } from "./useOwnBrands.js";

/**
 * Which of the owner's brands this book shows, per brand kind (spec 001: loading, toolbar, related). The choice is a
 * setting of the book (htmlConfig `loadingBrand` / `toolBarBrand` / `relatedBrand` = the brand's id) saved like
 * any other — the server checks the public-logo power — and readers are served the brand itself. Without a brand
 * the default of the brand configuration is named.
 */
export function BookBrandPanel({
  values,
  brandDefault,
  brands,
  onChange,
}: {
  values: Record<string, unknown>;
  brandDefault: BrandDefaultFile | null;
  /** The owner's brands (a brand added in the brands panel is offered at once). */
  brands: OwnBrand[];
  onChange(key: BrandKind, brandId: string): void;
}) {
  const { labels, textLang: lang } = useScreenServices();
  const names: Record<BrandKind, string> = {
    loadingBrand: labels.brandLoading,
    toolBarBrand: labels.brandToolbar,
    relatedBrand: labels.brandRelated,
  };
  return (
    <section className="panel-section" aria-label={labels.bookBrands}>
      <h2 className="panel-title">{labels.bookBrands}</h2>
      {brandKindsInOrder.map((kind) => {
        const chosen = typeof values[kind] === "string" ? (values[kind] as string) : "";
        const fallback = brandDefault?.brands[kind]?.title[lang];
        return (
          <label key={kind} className="field">
            <span>{names[kind]}</span>
            <select value={chosen} onChange={(event) => onChange(kind, event.currentTarget.value)}>
              <option value="">{fallback ? `${labels.brandDefault}: ${fallback}` : labels.brandNone}</option>
              {brands
                .filter((brand) => brand.type === kind)
                .map((brand) => (
                  <option key={brand.brandId} value={brand.brandId}>
                    {brand.title || brand.brandId}
                  </option>
                ))}
            </select>
          </label>
        );
      })}
    </section>
  );
}
