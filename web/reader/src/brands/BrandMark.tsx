import type { BrandSlot, ReaderBrand } from "./types.js";

/** A brand as the reader shows it: its logo and title, a link when it has one. */
export function BrandMark({ brand, slot, linkTarget }: { brand: ReaderBrand; slot: BrandSlot; linkTarget: string }) {
  const content = (
    <>
      {brand.logo ? <img src={brand.logo} alt="" height={24} /> : null}
      {brand.title ? <span>{brand.title}</span> : null}
    </>
  );
  return brand.link ? (
    <a
      className={`tl-brand tl-brand-${slot}`}
      data-testid={`brand-${slot}`}
      href={brand.link}
      target={linkTarget}
      rel="noopener noreferrer"
      title={brand.desc || brand.title}
    >
      {content}
    </a>
  ) : (
    <span className={`tl-brand tl-brand-${slot}`} data-testid={`brand-${slot}`} title={brand.desc || brand.title}>
      {content}
    </span>
  );
}
