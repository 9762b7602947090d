import { useId } from "react";
import { useScreenServices } from "../screen-services.js";
import { type BookField, bookFieldKey, bookFieldLimits, labelOptions } from "./basic-info.js";
import { CommitField } from "./CommitField.js";

/**
 * The basic tab's book fields: title, description, keywords and label, each a change of the editor's document
 * (saved by update-book's own fields, one undo step each).
 */
export function BasicPanel({
  doc,
  onChange,
}: {
  doc: Record<string, unknown>;
  onChange: (key: string, value: string) => void;
}) {
  const { labels, notify } = useScreenServices();
  const labelId = useId();
  const text = (field: BookField) => String(doc[bookFieldKey(field)] ?? "");
  return (
    <section className="panel" aria-label={labels.bookTitle} data-testid="book-fields">
      <CommitField
        label={labels.bookTitle}
        value={text("title")}
        maxLength={bookFieldLimits.title}
        required={() => notify(labels.titleRequired, "error")}
        onCommit={(value) => onChange(bookFieldKey("title"), value)}
      />
      <CommitField
        label={labels.description}
        value={text("desc")}
        maxLength={bookFieldLimits.desc}
        multiline
        onCommit={(value) => onChange(bookFieldKey("desc"), value)}
      />
      <CommitField
        label={labels.keywords}
        value={text("keyword")}
        maxLength={bookFieldLimits.keyword}
        onCommit={(value) => onChange(bookFieldKey("keyword"), value)}
      />
      <CommitField
        label={labels.category}
        value={text("categoryId")}
        maxLength={bookFieldLimits.categoryId}
        digits
        onCommit={(value) => onChange(bookFieldKey("categoryId"), value)}
      />
      <div className="field">
        <span>
          <label htmlFor={labelId}>{labels.bookLabel}</label>
        </span>
        <select
          id={labelId}
          value={text("label") || "0"}
          onChange={(event) => onChange(bookFieldKey("label"), event.target.value)}
        >
          {labelOptions(labels).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
