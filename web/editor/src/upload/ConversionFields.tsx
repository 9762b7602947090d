import { Check } from "../common/Check.js";
import { NumberField } from "../common/NumberField.js";
import { useScreenServices } from "../screen-services.js";
import type { Conversion } from "./conversion.js";
import { QualityFields } from "./QualityFields.js";

/** The conversion settings of the upload and convert screens (spec 000 §3 create meta). */
export function ConversionFields({
  value,
  onChange,
  disabled,
}: {
  value: Conversion;
  onChange: (value: Conversion) => void;
  disabled: boolean;
}) {
  const { labels } = useScreenServices();
  const select = (key: keyof Conversion, label: string, options: [string, string][]) => (
    <label className="field">
      <span>{label}</span>
      <select
        value={String(value[key])}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const check = (
    key: "importTOC" | "importSearch" | "importLink" | "textToLink" | "imageInPdf" | "customQuality",
    label: string,
  ) => (
    <Check
      label={label}
      checked={value[key]}
      disabled={disabled}
      onChange={(on) => onChange({ ...value, [key]: on })}
    />
  );
  return (
    <fieldset className="conversion">
      <legend>{labels.conversionSettings}</legend>
      {select("engineType", labels.engineType, [
        ["2", labels.engineImage],
        ["1", labels.engineText],
        ["5", labels.engineVector],
      ])}
      {select("vectorType", labels.vectorType, [
        ["2", labels.vectorText],
        ["1", labels.vectorStandard],
        ["3", labels.vectorHd],
        ["4", labels.vectorAuto],
      ])}
      {select("qualityDpi", labels.qualityDpi, [
        ["4", "1280 px"],
        ["3", "1920 px"],
        ["2", "2200 px"],
        ["1", "2800 px"],
      ])}
      {select("cutType", labels.cutType, [
        ["0", labels.cutNone],
        ["-1", labels.cutAuto],
        ["1", `${labels.cutForced} 1`],
        ["2", `${labels.cutForced} 2`],
        ["3", `${labels.cutForced} 3`],
      ])}
      <label className="field">
        <span>{labels.pageRange}</span>
        <input
          value={value.range}
          disabled={disabled}
          placeholder="1,5-8,20"
          onChange={(event) => onChange({ ...value, range: event.target.value })}
        />
      </label>
      {check("importTOC", labels.importToc)}
      {check("importSearch", labels.importSearch)}
      {check("importLink", labels.importLink)}
      {check("textToLink", labels.textToLink)}
      {check("imageInPdf", labels.imageInPdf)}
      <NumberField
        label={labels.pdfBleed}
        min={0}
        max={72}
        step="any"
        value={value.pdfBleed}
        disabled={disabled}
        onChange={(pdfBleed) => onChange({ ...value, pdfBleed })}
      />
      {check("customQuality", labels.customQuality)}
      {value.customQuality ? <QualityFields value={value} disabled={disabled} onChange={onChange} /> : null}
    </fieldset>
  );
}
