import { BrandMark } from "./BrandMark.js";
import type { ReaderBrand } from "./types.js";

/**
 * The related brand (spec 001 brand kind relatedBrand: "the related-books entry at the end of the book"): when the
 * reader reaches the last spread, the brand's logo, title and description appear over the book's foot, its link
 * leading to the owner's other books — where flipbook readers put their "more from this publisher" entry.
 */
export function RelatedBrand({ brand, label, linkTarget }: { brand: ReaderBrand; label: string; linkTarget: string }) {
  return (
    <aside className="tl-related" aria-label={label} data-testid="related-brand">
      <BrandMark brand={brand} slot="related" linkTarget={linkTarget} />
      {brand.desc ? <p>{brand.desc}</p> : null}
    </aside>
  );
}
