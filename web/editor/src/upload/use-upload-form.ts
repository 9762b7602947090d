import { useState } from "react";
import type { FolderType } from "../bookcase/model.js";
import type { Query } from "../route.js";
import { useSavedConversion } from "./use-saved-conversion.js";

/** The upload form's fields: title, files, the book to overwrite or the new book's folder type, auto open, conversion. */
export function useUploadForm(mode: "upload" | "convert", bookId: string, query: Query) {
  const [title, setTitle] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  // /convert with a book (the bookcase's 'replace content'): new content overwrites that book unless unticked.
  const [overwrite, setOverwrite] = useState(mode === "convert" && bookId !== "");
  const [folderType, setFolderType] = useState<FolderType>(1);
  // The book to overwrite by its number (what owners see); begin-upload takes its id, asked of get-ready-config.
  const [overwriteNumber, setOverwriteNumber] = useState(bookId ? query.num : "");
  const [autoOpen, setAutoOpen] = useState(false);
  const [conversion, setConversion] = useSavedConversion();
  const clear = () => {
    setTitle("");
    setFiles([]);
  };
  return {
    title,
    setTitle,
    files,
    setFiles,
    overwrite,
    setOverwrite,
    folderType,
    setFolderType,
    overwriteNumber,
    setOverwriteNumber,
    autoOpen,
    setAutoOpen,
    conversion,
    setConversion,
    clear,
  };
}

export type UploadFormState = ReturnType<typeof useUploadForm>;
