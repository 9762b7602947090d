import type { Lang, LeafNode, SettingNode, SettingValues } from "@turnleaf/resource-files";
import { type ReactNode, useContext, useId } from "react";
import { guideOfSetting } from "../guide/guide.js";
import { useScreenServices } from "../screen-services.js";
import { settingValueOf } from "./catalogue.js";
import { LeafControl } from "./LeafControl.js";
import { PlanLocksContext } from "./plan-locks.js";
import type { Change, SettingsContext } from "./settings-context.js";

/** A setting's title, description and (when the plan does not unlock it) why, beside its control. */
export function SettingRow({
  node,
  children,
  id,
  lang,
  lockedText,
}: {
  node: SettingNode;
  children: ReactNode;
  id: string;
  lang: Lang;
  /** Said under the title when the plan does not unlock the setting. */
  lockedText?: string | undefined;
}) {
  const { explain } = useContext(PlanLocksContext);
  return (
    <div
      className={`setting setting-${node.type}${lockedText ? " setting-locked" : ""}`}
      data-key={node.key}
      data-guide={guideOfSetting[node.key]}
      data-locked={lockedText ? "true" : undefined}
    >
      <div className="setting-text">
        <label htmlFor={id}>{node.title[lang]}</label>
        <small>{node.desc[lang]}</small>
        {lockedText ? (
          <button type="button" className="link-button plan-locked" onClick={() => explain(node.key)}>
            {lockedText}
          </button>
        ) : null}
      </div>
      {children}
    </div>
  );
}

/** A leaf setting: its row and its control, locked when the plan does not unlock it. */
export function LeafRow({
  node,
  doc,
  context,
  onChange,
}: {
  node: LeafNode;
  doc: SettingValues;
  context: SettingsContext;
  onChange: Change;
}) {
  const id = useId();
  const locked = useContext(PlanLocksContext).locked(node.key);
  const { labels } = useScreenServices();
  return (
    <SettingRow node={node} id={id} lang={context.lang} lockedText={locked ? labels.planLocked : undefined}>
      <LeafControl
        node={node}
        id={id}
        value={settingValueOf(node, doc)}
        context={context}
        locked={locked}
        onChange={(value) => onChange(node.key, value)}
      />
    </SettingRow>
  );
}
