import type { SettingNode, SettingValues } from "@turnleaf/resource-files";
import { shows } from "./catalogue.js";
import { FormRow } from "./FormRow.js";
import { LeafRow } from "./SettingRow.js";
import type { Change, SettingsContext } from "./settings-context.js";

/** Any node of the tree: composites hold their children, forms their fields, leaves a control. */
export function NodeView({
  node,
  doc,
  context,
  onChange,
}: {
  node: SettingNode;
  doc: SettingValues;
  context: SettingsContext;
  onChange: Change;
}) {
  if (!shows(context.catalogue.tree, node, doc)) return null;
  if (node.type === "composite")
    return (
      <fieldset className="setting-composite" data-key={node.key}>
        <legend>{node.title[context.lang]}</legend>
        {node.children.map((child) => (
          <NodeView key={child.key} node={child} doc={doc} context={context} onChange={onChange} />
        ))}
      </fieldset>
    );
  if (node.type === "form") return <FormRow node={node} doc={doc} context={context} onChange={onChange} />;
  return <LeafRow node={node} doc={doc} context={context} onChange={onChange} />;
}
