import { useEffect, useId, useState } from "react";

/** A text committed when it loses focus or Enter is pressed, so one edit is one change (spec 000 §4). */
export function CommitField({
  label,
  value,
  maxLength,
  multiline,
  digits,
  disabled,
  required,
  onCommit,
}: {
  label: string;
  value: string;
  maxLength: number;
  multiline?: boolean;
  /** Digits only (the category number): other characters are not taken. */
  digits?: boolean;
  disabled?: boolean;
  /** The message when the field is left empty (it goes back to the saved text). */
  required?: () => void;
  onCommit: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (required && !text.trim()) {
      required();
      setText(value);
    } else if (text !== value) onCommit(text);
  };
  const common = {
    maxLength,
    value: text,
    disabled,
    onBlur: commit,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText(digits ? event.target.value.replace(/[^0-9]/g, "") : event.target.value),
  };
  // The label is beside the control, not around it: a textarea inside would lend its text to the label's.
  return (
    <div className="field">
      <span>
        <label htmlFor={id}>{label}</label>
      </span>
      {multiline ? (
        <textarea id={id} rows={4} {...common} />
      ) : (
        <input
          id={id}
          {...common}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
          }}
        />
      )}
    </div>
  );
}
