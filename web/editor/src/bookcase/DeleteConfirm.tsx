import { useEffect } from "react";
import { Dialog } from "../common/Dialog.js";
import { useScreenServices } from "../screen-services.js";
import { fill } from "./model.js";

/** Deleting is for good: the owner confirms it by the book's title first. */
export function DeleteConfirm({
  title,
  onConfirm,
  onCancel,
}: {
  title: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { labels } = useScreenServices();
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && onCancel();
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [onCancel]);
  return (
    <Dialog title={labels.delete} alert>
      <p className="bookcase-confirm">{fill(labels.bookcaseDeleteConfirm, { title })}</p>
      <div className="actions">
        <button type="button" className="danger" onClick={onConfirm}>
          {labels.delete}
        </button>
        <button type="button" onClick={onCancel}>
          {labels.cancel}
        </button>
      </div>
    </Dialog>
  );
}
