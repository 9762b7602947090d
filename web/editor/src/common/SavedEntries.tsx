import type { ReactNode } from "react";
import type { Labels } from "../labels.js";

/** One saved entry as its list shows it. */
interface SavedEntry {
  /** What tells it from the others: the row's data-* attribute, and its name unless `name` says otherwise. */
  key: string;
  /** What the entry is called: its Apply and Delete buttons are named after it. */
  name?: string;
  applyDisabled?: boolean;
  onApply: () => void;
  onDelete: () => void;
  /** What the row says about the entry. */
  text: ReactNode;
}

interface SavedEntryListProps<Entry> {
  /** null while they load. */
  entries: Entry[] | null;
  testId: string;
  /** The row's data-<keyName> attribute holds its key (tests and styles find a row by it). */
  keyName: string;
  labels: Pick<Labels, "apply" | "delete">;
  loadingText?: string;
  emptyText?: string;
  row: (entry: Entry) => SavedEntry;
}

/** A list of saved entries (custom configurations, content blocks, themes): each says what it is, Apply and Delete. */
export function SavedEntryList<Entry>({
  entries,
  testId,
  keyName,
  labels,
  loadingText,
  emptyText,
  row,
}: SavedEntryListProps<Entry>) {
  if (entries === null) return loadingText ? <p className="note">{loadingText}</p> : null;
  if (entries.length === 0) return emptyText ? <p className="note">{emptyText}</p> : null;
  return (
    <ul className="card-list" data-testid={testId}>
      {entries.map((entry) => {
        const { key, name = key, applyDisabled, onApply, onDelete, text } = row(entry);
        return (
          <li key={key} {...{ [`data-${keyName}`]: key }}>
            <span>{text}</span>
            <button type="button" disabled={applyDisabled} aria-label={`${labels.apply} ${name}`} onClick={onApply}>
              {labels.apply}
            </button>
            <button type="button" aria-label={`${labels.delete} ${name}`} onClick={onDelete}>
              {labels.delete}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface SaveUnderNameProps {
  /** The name field's label and the save button's text. */
  texts: { label: string; save: string };
  /** The name typed and how it changes. */
  name: [string, (name: string) => void];
  maxLength: number;
  onSave: () => void;
  /** Fields between the name and the button (a kind to save, ...). */
  children?: ReactNode;
}

/** The name field and the save button under a list of saved entries; nothing is sent without a name. */
export function SaveUnderName({ texts, name: [name, onName], maxLength, onSave, children }: SaveUnderNameProps) {
  return (
    <>
      <label className="field">
        <span>{texts.label}</span>
        <input value={name} maxLength={maxLength} onChange={(event) => onName(event.target.value)} />
      </label>
      {children}
      <div className="actions">
        <button type="button" className="primary" disabled={name.trim() === ""} onClick={onSave}>
          {texts.save}
        </button>
      </div>
    </>
  );
}
