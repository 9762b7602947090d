import type { SettingValues, ValueNode } from "@turnleaf/resource-files";
import { useContext, useId } from "react";
import { useScreenServices } from "../screen-services.js";
import { settingValueOf } from "./catalogue.js";
import { LeafControl } from "./LeafControl.js";
import { PlanLocksContext } from "./plan-locks.js";
import { SettingRow } from "./SettingRow.js";
import type { Change, SettingsContext } from "./settings-context.js";

/** A form node: one htmlConfig object edited field by field (e.g. backgroundMusic {url, loops, volume}). */
export function FormRow({
  node,
  doc,
  context,
  onChange,
}: {
  node: ValueNode & { type: "form" };
  doc: SettingValues;
  context: SettingsContext;
  onChange: Change;
}) {
  const base = useId();
  const { labels } = useScreenServices();
  const { locked: isLocked, explain } = useContext(PlanLocksContext);
  const locked = isLocked(node.key);
  const raw = settingValueOf(node, doc);
  const value =
    raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : node.defaultValue;
  return (
    <fieldset className="setting-form" data-key={node.key}>
      <legend>{node.title[context.lang]}</legend>
      <small>{node.desc[context.lang]}</small>
      {locked ? (
        <button type="button" className="link-button plan-locked" onClick={() => explain(node.key)}>
          {labels.planLocked}
        </button>
      ) : null}
      {node.fields.map((field) => (
        <SettingRow key={field.key} node={field} id={`${base}-${field.key}`} lang={context.lang}>
          <LeafControl
            node={field}
            id={`${base}-${field.key}`}
            value={field.key in value ? value[field.key] : field.defaultValue}
            context={context}
            locked={locked}
            onChange={(fieldValue) => onChange(node.key, { ...value, [field.key]: fieldValue })}
          />
        </SettingRow>
      ))}
    </fieldset>
  );
}
