import type { LeafNode } from "@turnleaf/resource-files";
import { toggledChoice } from "./setting-values.js";
import type { SettingsContext } from "./settings-context.js";

/** A list setting: check boxes when it takes several options, a drop-down when one. */
export function ChoiceControl({
  node,
  value,
  id,
  context,
  disabled,
  onChange,
}: {
  node: Extract<LeafNode, { type: "list" }>;
  value: unknown;
  id: string;
  context: SettingsContext;
  disabled: boolean;
  onChange: (value: unknown) => void;
}) {
  if (node.multiple) {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    return (
      <span className="multi" id={id}>
        {node.options.map((option) => (
          <label key={String(option.value)} className="check">
            <input
              type="checkbox"
              disabled={disabled}
              checked={chosen.includes(String(option.value))}
              onChange={(event) => onChange(toggledChoice(node.options, chosen, option.value, event.target.checked))}
            />
            {option.label[context.lang]}
          </label>
        ))}
      </span>
    );
  }
  return (
    <select
      id={id}
      disabled={disabled}
      value={String(value)}
      onChange={(event) => {
        const option = node.options.find((candidate) => String(candidate.value) === event.target.value);
        onChange(option ? option.value : event.target.value);
      }}
    >
      {node.options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label[context.lang]}
        </option>
      ))}
    </select>
  );
}
