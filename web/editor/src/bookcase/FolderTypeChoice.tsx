import { useScreenServices } from "../screen-services.js";
import type { FolderType } from "./model.js";

/**
 * Spec 000 folder types on the upload screens: a new upload becomes a book (1, counted against BOOK_FILE_NUM) or a
 * publication (2, against PUB_BOOK_NUM); begin-upload's `folderType`.
 */
export function FolderTypeChoice({
  value,
  onChange,
  disabled,
}: {
  value: FolderType;
  onChange: (value: FolderType) => void;
  disabled: boolean;
}) {
  const { labels } = useScreenServices();
  const option = (type: FolderType, text: string) => (
    <label className="check">
      <input
        type="radio"
        name="folderType"
        value={type}
        checked={value === type}
        disabled={disabled}
        onChange={() => onChange(type)}
      />
      {text}
    </label>
  );
  return (
    <fieldset className="folder-type" data-testid="folder-type">
      <legend>{labels.uploadAs}</legend>
      {option(1, labels.folderBook)}
      {option(2, labels.folderPublication)}
    </fieldset>
  );
}
