import { NumberField } from "../common/NumberField.js";
import { useScreenServices } from "../screen-services.js";
import type { Conversion } from "./conversion.js";

/**
 * Spec 001 "Page quality", custom level: definition 80–95, longest side 450–3200 px, DPI 72–320 (the spec's hint is
 * shown). The inputs carry the bounds for the browser's own hints; the server is the one that refuses.
 */
export function QualityFields({
  value,
  disabled,
  onChange,
}: {
  value: Conversion;
  disabled: boolean;
  onChange: (value: Conversion) => void;
}) {
  const { labels } = useScreenServices();
  const number = (key: "definition" | "maxEdge" | "dpi", label: string, min: number, max: number) => (
    <NumberField
      label={label}
      min={min}
      max={max}
      step={1}
      value={value[key]}
      disabled={disabled}
      onChange={(text) => onChange({ ...value, [key]: text })}
    />
  );
  return (
    <div className="quality-fields" data-testid="custom-quality">
      {number("definition", labels.qualityDefinition, 80, 95)}
      {number("maxEdge", labels.qualityMaxEdge, 450, 3200)}
      {number("dpi", labels.qualityDpiValue, 72, 320)}
      <small className="file-hint">{labels.qualityHint}</small>
    </div>
  );
}
