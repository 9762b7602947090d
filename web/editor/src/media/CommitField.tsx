import { useState } from "react";

/** One text field committed on blur or Enter (each keystroke is not a server write). */
export function CommitField({
  id,
  label,
  value,
  multiline = false,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  multiline?: boolean;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} value={text} rows={4} onChange={(event) => setText(event.target.value)} onBlur={commit} />
      ) : (
        <input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            }
          }}
        />
      )}
    </>
  );
}
