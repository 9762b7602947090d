import type { BookInfo } from "../api.js";
import { BookBrandPanel } from "../design/BookBrandPanel.js";
import { BrandsPanel } from "../design/BrandsPanel.js";
import { CardStyles } from "../design/DesignLibrary.js";
import type { DesignResources } from "../design/resources.js";
import type { OwnBrand } from "../design/useOwnBrands.js";
import type { Labels } from "../labels.js";
import type { Catalogue } from "../settings/catalogue.js";
import { SettingsPanel } from "../settings/SettingsTree.js";
import type { Notify, Report } from "../types.js";
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
  catalogue,
  doc,
  design,
  brands,
  labels,
  lang,
  notify,
  report,
  onChange,
  onCardShownChanged,
}: {
  /** The ready-config's book. */
  bookId: string;
  book: BookInfo;
  /** The account's book logo (the ready-config's). */
  bookLogo: string;
  catalogue: Catalogue;
  doc: Record<string, unknown>;
  design: DesignResources;
  brands: OwnBrand[];
  labels: Labels;
  lang: "zh" | "en";
  notify: Notify;
  report: Report;
  onChange: (key: string, value: unknown) => void;
  /** The book's shown business card changed (the preview loads again). */
  onCardShownChanged: () => void;
}) {
  return (
    <>
      <BasicPanel doc={doc} labels={labels} notify={notify} onChange={onChange} />
      <BusinessCardPanel
        bookId={bookId}
        labels={labels}
        notify={notify}
        report={report}
        onShownChanged={onCardShownChanged}
      />
      <CardStyles cards={design.businessCards} values={doc} labels={labels} lang={lang} onChange={onChange} />
      <ShareIconPanel
        bookId={bookId}
        bookLogo={bookLogo}
        shareIcon={book.shareIcon ?? ""}
        logo={catalogue.logo}
        labels={labels}
        notify={notify}
        report={report}
      />
      <BrandsPanel labels={labels} notify={notify} report={report} />
      <BookBrandPanel
        values={doc}
        labels={labels}
        lang={lang}
        brandDefault={design.brandDefault}
        brands={brands}
        onChange={onChange}
      />
      <SettingsPanel
        catalogue={catalogue}
        tab="basic"
        doc={doc}
        labels={labels}
        lang={lang}
        onChange={onChange}
        notify={notify}
      />
    </>
  );
}
