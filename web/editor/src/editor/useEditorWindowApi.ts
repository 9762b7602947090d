import { useEffect, useRef } from "react";
import { bookFieldKey, bookFieldLimits, labelOf } from "../basic/basic-info.js";
import type { PreviewDevice } from "./preview-hints.js";
import type { BookEdits } from "./useBookEdits.js";
import { exposeWindowApi } from "./window-api.js";

/** The window methods of spec 000 §7 for the assistant (`window-api.ts`), always calling the latest closures. */
export function useEditorWindowApi(
  edits: Pick<BookEdits, "changeMany" | "step" | "applyDesign">,
  switchDevice: (device: PreviewDevice) => void,
) {
  const latest = useRef({ ...edits, switchDevice });
  latest.current = { ...edits, switchDevice };
  useEffect(() => {
    /** A book field of the basic tab, within update-book's limits (the server checks them again). */
    const setField = (field: "title" | "desc" | "keyword", text: string) => {
      const value = String(text ?? "").trim();
      if ((field === "title" && !value) || value.length > bookFieldLimits[field]) return false;
      return latest.current.changeMany({ [bookFieldKey(field)]: value }, bookFieldKey(field));
    };
    return exposeWindowApi({
      setBookProperties: (values) => {
        if (!values || typeof values !== "object" || Object.keys(values).length === 0) return false;
        return latest.current.changeMany(values, Object.keys(values).join(","));
      },
      setBookScene: (name) => latest.current.applyDesign("scene", name),
      setBookTemplate: (name) => latest.current.applyDesign("template", name),
      setBookTheme: (name) => latest.current.applyDesign("theme", name),
      setBookTitle: (text) => setField("title", text),
      setBookDescription: (text) => setField("desc", text),
      setBookKeywords: (text) => setField("keyword", text),
      // Tags are the book's label (none, fresh, hot, featured): update-book has no free tags.
      setBookTags: (text) => {
        const label = labelOf(String(text ?? ""));
        return (
          label !== undefined && latest.current.changeMany({ [bookFieldKey("label")]: label }, bookFieldKey("label"))
        );
      },
      setBackgroundMusic: (url) => latest.current.changeMany({ backgroundMusic: url }, "backgroundMusic"),
      undoBook: () => latest.current.step("undo"),
      redoBook: () => latest.current.step("redo"),
      switchPreviewMode: (next) => {
        if (!["pc", "phone", "pad"].includes(next)) return false;
        latest.current.switchDevice(next);
        return true;
      },
    });
  }, []);
}
