import type { InputHTMLAttributes } from "react";

type Shown = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "children">;

/** A text box after its caption inside one label; `onChange` gets the text as typed. */
export function TextField({
  label,
  value,
  testId,
  onChange,
  ...shown
}: Shown & {
  label: string;
  value: string;
  testId: string;
  onChange: (text: string) => void;
}) {
  return (
    <label>
      {label}
      <input {...shown} data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
