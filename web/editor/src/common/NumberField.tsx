import type { InputHTMLAttributes } from "react";

type Bounds = Pick<InputHTMLAttributes<HTMLInputElement>, "min" | "max" | "step" | "disabled">;

/** A number box under its caption; `onChange` gets the text as typed (the caller reads it as its rule says). */
export function NumberField({
  label,
  value,
  testId,
  onChange,
  ...bounds
}: Bounds & {
  label: string;
  value: number | string;
  testId?: string;
  onChange: (text: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        {...bounds}
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
