import type { RefObject } from "react";
import { FolderTypeChoice } from "../bookcase/FolderTypeChoice.js";
import { Check } from "../common/Check.js";
import { useScreenServices } from "../screen-services.js";
import { ConversionFields } from "./ConversionFields.js";
import { FileDropzone } from "./FileDropzone.js";
import type { Phase } from "./UploadProgress.js";
import type { UploadFormState } from "./use-upload-form.js";

/** The upload form: title, files, the book to overwrite or the folder type, auto open, conversion, and its buttons. */
export function UploadForm({
  mode,
  form,
  phase,
  canReconvert,
  formRef,
  onStart,
  onPause,
  onResume,
  onReconvert,
}: {
  mode: "upload" | "convert";
  form: UploadFormState;
  phase: Phase;
  canReconvert: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  onStart(): void;
  onPause(): void;
  onResume(): void;
  onReconvert(): void;
}) {
  const { labels } = useScreenServices();
  const { files, overwrite, conversion, setConversion } = form;
  const busy = phase === "uploading" || phase === "converting";
  // A finished upload disarms 上传 (a second click would make a duplicate book) until "upload another".
  const done = phase === "ready";
  return (
    <form
      ref={formRef}
      className="upload-form"
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
      }}
    >
      <label className="field">
        <span>{labels.bookTitle}</span>
        <input
          value={form.title}
          onChange={(event) => form.setTitle(event.target.value)}
          disabled={busy}
          maxLength={200}
        />
      </label>
      <FileDropzone disabled={busy} onChoose={form.setFiles}>
        {files.length > 0 ? (
          <ul className="chosen">
            {files.map((file) => (
              <li key={file.name}>
                {file.name} · {(file.size / 1024).toFixed(0)} KB
              </li>
            ))}
          </ul>
        ) : null}
      </FileDropzone>
      {overwrite ? null : <FolderTypeChoice value={form.folderType} onChange={form.setFolderType} disabled={busy} />}
      <Check label={labels.overwrite} checked={overwrite} disabled={busy} onChange={form.setOverwrite} />
      {overwrite ? (
        <label className="field">
          <span>{labels.overwriteBook}</span>
          <input
            value={form.overwriteNumber}
            disabled={busy}
            onChange={(event) => form.setOverwriteNumber(event.target.value)}
          />
        </label>
      ) : null}
      <Check label={labels.autoOpen} checked={form.autoOpen} disabled={busy} onChange={form.setAutoOpen} />
      {mode === "convert" ? (
        <ConversionFields value={conversion} onChange={setConversion} disabled={busy} />
      ) : (
        <details>
          <summary>{labels.conversionSettings}</summary>
          <ConversionFields value={conversion} onChange={setConversion} disabled={busy} />
        </details>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || done || phase === "paused"}>
          {labels.upload}
        </button>
        {phase === "uploading" ? (
          <button type="button" onClick={onPause}>
            {labels.pause}
          </button>
        ) : null}
        {phase === "paused" ? (
          <button type="button" className="primary" onClick={onResume}>
            {labels.continue}
          </button>
        ) : null}
        {canReconvert ? (
          <button type="button" disabled={busy} onClick={onReconvert}>
            {labels.reconvert}
          </button>
        ) : null}
      </div>
    </form>
  );
}
