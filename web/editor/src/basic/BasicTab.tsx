import type { BookInfo } from "../api.js";
import { BookBrandPanel } from "../design/BookBrandPanel.js";
import { BrandsPanel } from "../design/BrandsPanel.js";
import { CardStyles } from "../design/DesignLibrary.js";
import type { DesignResources } from "../design/resources.js";
import type { OwnBrand } from "../design/useOwnBrands.js";
import type { SettingsTabContext } from "../editor/tabs.js";
import { SettingsPanel } from "../settings/SettingsTree.js";
import { BasicPanel } from "./BasicPanel.js";
import { BusinessCardPanel } from "./BusinessCardPanel.js";
import { ShareIconPanel } from "./ShareIconPanel.js";

/**
 * The basic tab: the book's fields, business cards and their style, the book logo and share icon, the owner's
 * brands and the book's, and the basic groups of the settings tree.
 */
export function BasicTab({
  bookId,
  book,
  bookLogo,
  design,
  brands,
  onCardShownChanged,
  ...context
}: SettingsTabContext & {
  /** The ready-config's book. */
  bookId: string;
  book: BookInfo;
  /** The account's book logo (the ready-config's). */
  bookLogo: string;
  design: DesignResources;
  brands: OwnBrand[];
  /** The book's shown business card changed (the preview loads again). */
  onCardShownChanged: () => void;
}) {
  const { catalogue, doc, onChange } = context;
  return (
    <>
      <BasicPanel doc={doc} onChange={onChange} />
      <BusinessCardPanel bookId={bookId} onShownChanged={onCardShownChanged} />
      <CardStyles cards={design.businessCards} values={doc} onChange={onChange} />
      <ShareIconPanel bookId={bookId} bookLogo={bookLogo} shareIcon={book.shareIcon ?? ""} logo={catalogue.logo} />
      <BrandsPanel />
      <BookBrandPanel values={doc} brandDefault={design.brandDefault} brands={brands} onChange={onChange} />
      <SettingsPanel tab="basic" {...context} />
    </>
  );
}
