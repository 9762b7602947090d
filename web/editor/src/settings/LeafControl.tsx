import { asBoolean, type LeafNode } from "@turnleaf/resource-files";
import { ChoiceControl } from "./ChoiceControl.js";
import { imageLimitsFor, logoRulesFor } from "./catalogue.js";
import { FileSetting } from "./FileSetting.js";
import { longColour, numberInRange } from "./setting-values.js";
import type { SettingsContext } from "./settings-context.js";

/** One leaf setting's control, by node type. */
export function LeafControl({
  node,
  value,
  id,
  context,
  locked = false,
  onChange,
}: {
  node: LeafNode;
  value: unknown;
  id: string;
  context: SettingsContext;
  /** The user's plan does not unlock it (plan-locks.ts). */
  locked?: boolean;
  onChange: (value: unknown) => void;
}) {
  const disabled = node.disabled || locked;
  switch (node.type) {
    case "color":
      return (
        <span className="colour">
          <input
            id={id}
            type="color"
            disabled={disabled}
            value={longColour(value)}
            onChange={(event) => onChange(event.target.value)}
          />
          <code>{longColour(value)}</code>
        </span>
      );
    case "bool":
      return (
        <input
          id={id}
          type="checkbox"
          className="switch"
          disabled={disabled}
          checked={asBoolean(value)}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case "number":
      return (
        <span className="number">
          <input
            id={id}
            type="number"
            min={node.min}
            max={node.max}
            step={node.step}
            disabled={disabled}
            value={String(value)}
            onChange={(event) => {
              const number = numberInRange(event.target.value, node.min, node.max);
              if (number !== undefined) onChange(number);
            }}
          />
          {node.unit ? <small>{node.unit}</small> : null}
        </span>
      );
    case "list":
      return (
        <ChoiceControl node={node} value={value} id={id} context={context} disabled={disabled} onChange={onChange} />
      );
    case "file":
      return (
        <FileSetting
          id={id}
          value={String(value ?? "")}
          extensions={node.accept}
          maxBytes={node.maxSize}
          imageLimits={imageLimitsFor(node.key, context.catalogue.logo)}
          purpose={/logo/i.test(node.key) ? "logo" : node.accept.includes("mp3") ? "audio" : ""}
          logo={/logo/i.test(node.key) ? logoRulesFor(node.key, context.catalogue.logo) : undefined}
          onChange={onChange}
        />
      );
    default:
      return node.multiline ? (
        <textarea
          id={id}
          rows={3}
          maxLength={node.maxLength}
          disabled={disabled}
          value={String(value ?? "")}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          maxLength={node.maxLength}
          disabled={disabled}
          value={String(value ?? "")}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
