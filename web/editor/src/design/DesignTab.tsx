import type { PresetEntry } from "@turnleaf/resource-files";
import { TabList } from "../common/TabList.js";
import type { DesignSubTab, SettingsTabContext } from "../editor/tabs.js";
import type { PresetKind } from "../settings/catalogue.js";
import { SettingsPanel } from "../settings/SettingsTree.js";
import { ButtonOrderPanel } from "./ButtonOrderPanel.js";
import { DesignLibrary } from "./DesignLibrary.js";
import { MyThemesPanel } from "./MyThemesPanel.js";
import { PageAudioPanel } from "./PageAudioPanel.js";
import { PresetList } from "./PresetList.js";
import type { DesignResources } from "./resources.js";

/**
 * The design tab: templates (and the phone templates and backgrounds), themes (and the owner's), scenes, and the
 * setup groups of the settings tree with the page audio and the phone toolbar's button order.
 */
export function DesignTab({
  tabs,
  chosen,
  onChoose,
  design,
  presetsOf,
  onApplyPreset,
  onChangeMany,
  ...context
}: SettingsTabContext & {
  tabs: [DesignSubTab, string, string][];
  chosen: DesignSubTab;
  onChoose: (tab: DesignSubTab) => void;
  design: DesignResources;
  presetsOf: (kind: PresetKind) => PresetEntry[];
  onApplyPreset: (kind: PresetKind, id: string) => void;
  onChangeMany: (values: Record<string, unknown>, stepKey: string) => void;
}) {
  const { catalogue, doc, onChange } = context;
  const presets = (kind: PresetKind) => <PresetList kind={kind} list={presetsOf(kind)} onApply={onApplyPreset} />;
  return (
    <>
      <TabList className="subtabs" tabs={tabs} chosen={chosen} onChoose={onChoose} />
      {chosen === "setup" ? (
        <SettingsPanel tab="setup" {...context} />
      ) : chosen === "template" ? (
        <>
          {presets(chosen)}
          <DesignLibrary
            mobileTemplates={design.mobileTemplates.items}
            backgrounds={design.backgrounds.items}
            values={doc}
            onApply={onChangeMany}
          />
        </>
      ) : (
        presets(chosen)
      )}
      {chosen === "setup" ? (
        <PageAudioPanel value={doc.backgroundMusic} onChange={(music) => onChange("backgroundMusic", music)} />
      ) : null}
      {chosen === "theme" ? (
        <MyThemesPanel tree={catalogue.tree} values={doc} onApply={(theme) => onChangeMany(theme, "theme")} />
      ) : null}
      {chosen === "setup" ? (
        <ButtonOrderPanel
          tree={catalogue.tree}
          value={doc.buttonsSortXML}
          onChange={(order) => onChange("buttonsSortXML", order)}
        />
      ) : null}
    </>
  );
}
