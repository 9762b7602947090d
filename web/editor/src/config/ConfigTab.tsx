import type { BookInfo } from "../api.js";
import { CustomConfigPanel } from "../custom/CustomConfigPanel.js";
import type { OwnBook } from "../custom/SourceBook.js";
import type { SettingsTabContext } from "../editor/tabs.js";
import type { Query } from "../route.js";
import { SettingsPanel } from "../settings/SettingsTree.js";
import { isSettingKey } from "../settings/setting-keys.js";
import type { Navigate } from "../types.js";
import { ConfigPanel } from "./ConfigPanel.js";
import { AboutPanel, AdBannerPanel, PhoneNumbersPanel } from "./ContactPanels.js";

/**
 * The config tab: the config groups of the settings tree, phone numbers, the ad banner, about/contact, the download
 * config and the custom configurations.
 */
export function ConfigTab({
  book,
  ownBook,
  query,
  navigate,
  onChangeMany,
  onBookChange,
  ...context
}: SettingsTabContext & {
  book: BookInfo;
  ownBook: OwnBook | null;
  query: Query;
  navigate: Navigate;
  onChangeMany: (values: Record<string, unknown>, stepKey: string) => void;
  /** The book with what the download panel stored. */
  onBookChange: (book: BookInfo) => void;
}) {
  const { catalogue, doc, labels, notify, report, onChange } = context;
  return (
    <>
      <SettingsPanel tab="config" {...context} />
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
