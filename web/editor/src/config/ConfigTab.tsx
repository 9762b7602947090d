import type { BookInfo } from "../api.js";
import { CustomConfigPanel } from "../custom/CustomConfigPanel.js";
import type { OwnBook } from "../custom/SourceBook.js";
import type { Labels } from "../labels.js";
import type { Query } from "../route.js";
import type { Catalogue } from "../settings/catalogue.js";
import { SettingsPanel } from "../settings/SettingsTree.js";
import { isSettingKey } from "../settings/setting-keys.js";
import type { Navigate, Notify, Report } from "../types.js";
import { ConfigPanel } from "./ConfigPanel.js";
import { AboutPanel, AdBannerPanel, PhoneNumbersPanel } from "./ContactPanels.js";

/**
 * The config tab: the config groups of the settings tree, phone numbers, the ad banner, about/contact, the download
 * config and the custom configurations.
 */
export function ConfigTab({
  book,
  ownBook,
  catalogue,
  doc,
  labels,
  lang,
  query,
  notify,
  report,
  navigate,
  onChange,
  onChangeMany,
  onBookChange,
}: {
  book: BookInfo;
  ownBook: OwnBook | null;
  catalogue: Catalogue;
  doc: Record<string, unknown>;
  labels: Labels;
  lang: "zh" | "en";
  query: Query;
  notify: Notify;
  report: Report;
  navigate: Navigate;
  onChange: (key: string, value: unknown) => void;
  onChangeMany: (values: Record<string, unknown>, stepKey: string) => void;
  /** The book with what the download panel stored. */
  onBookChange: (book: BookInfo) => void;
}) {
  return (
    <>
      <SettingsPanel
        catalogue={catalogue}
        tab="config"
        doc={doc}
        labels={labels}
        lang={lang}
        onChange={onChange}
        notify={notify}
      />
      <PhoneNumbersPanel
        value={doc.MultiPhoneNumber}
        labels={labels}
        onSave={(rows) => onChange("MultiPhoneNumber", rows)}
      />
      <AdBannerPanel value={doc.adConfig} labels={labels} onSave={(config) => onChange("adConfig", config)} />
      <AboutPanel
        value={doc.aboutContent}
        labels={labels}
        notify={notify}
        logo={catalogue.logo}
        onSave={(xml) => onChange("aboutContent", xml)}
      />
      <ConfigPanel
        book={book}
        labels={labels}
        query={query}
        notify={notify}
        report={report}
        navigate={navigate}
        onSaved={(saved) => onBookChange({ ...book, ...saved })}
      />
      {ownBook ? (
        <CustomConfigPanel
          book={ownBook}
          tree={catalogue.tree}
          values={Object.fromEntries(Object.entries(doc).filter(([key]) => isSettingKey(key)))}
          lang={query.lang}
          labels={labels}
          notify={notify}
          report={report}
          onApply={(settings, kind) => onChangeMany(settings, `customConfig:${kind}`)}
        />
      ) : null}
    </>
  );
}
