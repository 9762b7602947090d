import { type ReactNode, useEffect, useRef } from "react";
import { useLabels } from "../language/labels-context.js";

/** A small modal dialog (about, help, phone numbers, WeChat). */
export function InfoDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const labels = useLabels();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog ref={dialog} className="tl-dialog" aria-label={title} onClose={onClose}>
      <header>
        <h2>{title}</h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label={labels.close}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
