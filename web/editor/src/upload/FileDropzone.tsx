import type { ReactNode } from "react";
import { useScreenServices } from "../screen-services.js";
import { uploadAccept } from "./upload-formats.js";

/** The upload screens' file chooser: one or more files of the formats an upload takes; `children` below it. */
export function FileDropzone({
  disabled,
  onChoose,
  children,
}: {
  disabled: boolean;
  onChoose: (files: File[]) => void;
  children?: ReactNode;
}) {
  const { labels } = useScreenServices();
  return (
    <label className="dropzone">
      <span>{labels.chooseFiles}</span>
      <input
        type="file"
        accept={uploadAccept}
        multiple
        disabled={disabled}
        onChange={(event) => onChoose(Array.from(event.target.files ?? []))}
      />
      {children}
    </label>
  );
}
