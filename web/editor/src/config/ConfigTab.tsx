import type { BookInfo } from "../api.js";
import { CustomConfigPanel } from "../custom/CustomConfigPanel.js";
import type { OwnBook } from "../custom/SourceBook.js";
import type { SettingsTabContext } from "../editor/tabs.js";
import type { Query } from "../route.js";
import { SettingsPanel } from "../settings/SettingsTree.js";
import { isSettingKey } from "../settings/setting-keys.js";
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
  onChangeMany,
  onBookChange,
  ...context
}: SettingsTabContext & {
  book: BookInfo;
  ownBook: OwnBook | null;
  query: Query;
  onChangeMany: (values: Record<string, unknown>, stepKey: string) => void;
  /** The book with what the download panel stored. */
  onBookChange: (book: BookInfo) => void;
}) {
  const { catalogue, doc, onChange } = context;
  return (
    <>
      <SettingsPanel tab="config" {...context} />
      <PhoneNumbersPanel value={doc.MultiPhoneNumber} onSave={(rows) => onChange("MultiPhoneNumber", rows)} />
      <AdBannerPanel value={doc.adConfig} onSave={(config) => onChange("adConfig", config)} />
      <AboutPanel value={doc.aboutContent} logo={catalogue.logo} onSave={(xml) => onChange("aboutContent", xml)} />
      <ConfigPanel book={book} query={query} onSaved={(saved) => onBookChange({ ...book, ...saved })} />
      {ownBook ? (
        <CustomConfigPanel
          book={ownBook}
          tree={catalogue.tree}
          values={Object.fromEntries(Object.entries(doc).filter(([key]) => isSettingKey(key)))}
          onApply={(settings, kind) => onChangeMany(settings, `customConfig:${kind}`)}
        />
      ) : null}
    </>
  );
}
