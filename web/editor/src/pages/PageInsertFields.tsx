import type { RefObject } from "react";
import { useScreenServices } from "../screen-services.js";

/** New pages: the files (PDF or pictures) and the position they go in at. */
export function PageInsertFields({
  busy,
  pageCount,
  position,
  fileInput,
  onFiles,
  onPosition,
  onInsert,
}: {
  busy: boolean;
  pageCount: number;
  position: string;
  fileInput: RefObject<HTMLInputElement | null>;
  onFiles(files: File[]): void;
  onPosition(position: string): void;
  onInsert(): void;
}) {
  const { labels } = useScreenServices();
  return (
    <fieldset className="pages-insert" disabled={busy}>
      <legend>{labels.pagesInsertTitle}</legend>
      <label>
        {labels.pagesInsertFile}
        <input
          ref={fileInput}
          type="file"
          data-testid="pages-file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          multiple
          onChange={(event) => onFiles([...(event.target.files ?? [])])}
        />
      </label>
      <label>
        {labels.pagesInsertPosition}
        <input
          type="number"
          data-testid="pages-position"
          min={1}
          max={pageCount + 1}
          value={position}
          onChange={(event) => onPosition(event.target.value)}
        />
      </label>
      <button type="button" className="primary" data-testid="pages-insert" onClick={onInsert}>
        {labels.pagesInsert}
      </button>
    </fieldset>
  );
}
