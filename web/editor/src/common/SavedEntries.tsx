import type { ReactNode } from "react";
import type { Labels } from "../labels.js";

interface SavedEntryRowProps {
  /** What the entry is called: its Apply and Delete buttons are named after it. */
  name: string;
  /** The data-* attributes of the row (tests and styles find a row by them). */
  data: Record<`data-${string}`, string>;
  labels: Pick<Labels, "apply" | "delete">;
  applyDisabled?: boolean;
  onApply: () => void;
  onDelete: () => void;
  /** What the row says about the entry. */
  children: ReactNode;
}

/** One saved entry of a list (a custom configuration, a content block, a theme): what it is, Apply and Delete. */
export function SavedEntryRow({ name, data, labels, applyDisabled, onApply, onDelete, children }: SavedEntryRowProps) {
  return (
    <li {...data}>
      <span>{children}</span>
      <button type="button" disabled={applyDisabled} aria-label={`${labels.apply} ${name}`} onClick={onApply}>
        {labels.apply}
      </button>
      <button type="button" aria-label={`${labels.delete} ${name}`} onClick={onDelete}>
        {labels.delete}
      </button>
    </li>
  );
}

interface SaveUnderNameProps {
  label: string;
  name: string;
  maxLength: number;
  onName: (name: string) => void;
  saveText: string;
  onSave: () => void;
  /** Fields between the name and the button (a kind to save, ...). */
  children?: ReactNode;
}

/** The name field and the save button under a list of saved entries; nothing is sent without a name. */
export function SaveUnderName({ label, name, maxLength, onName, saveText, onSave, children }: SaveUnderNameProps) {
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input value={name} maxLength={maxLength} onChange={(event) => onName(event.target.value)} />
      </label>
      {children}
      <div className="actions">
        <button type="button" className="primary" disabled={name.trim() === ""} onClick={onSave}>
          {saveText}
        </button>
      </div>
    </>
  );
}
