import { type FormEvent, useEffect, useRef, useState } from "react";
import { offlinePasswordMatches } from "../book.js";
import { FormError } from "../dialogs/FormError.js";
import { useLabels } from "../language/labels-context.js";
import { formFields, postForm } from "../post-form.js";

/** The password form of a protected book; a right password makes the gateway grant this browser its pages. */
export function UnlockDialog({
  link,
  lock,
  onUnlocked,
  onClose,
}: {
  link: string;
  lock: { mode: "single" | "users" | "lead"; hint: string; offline?: { salt: string; sha256: string } };
  onUnlocked(): void;
  onClose(): void;
}) {
  const labels = useLabels();
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => dialog.current?.showModal(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError("");
    const fields = formFields(event.currentTarget);
    if (lock.offline) {
      // An offline flipbook: checked here, in the browser (turnleaf publish says it is no real protection).
      const right = await offlinePasswordMatches(lock.offline, fields.get("password") ?? "").catch(() => false);
      setBusy(false);
      if (right) {
        dialog.current?.close();
        onUnlocked();
      } else setError(labels.wrongPassword);
      return;
    }
    try {
      const reply = await postForm(`/b/${encodeURIComponent(link)}/unlock`, fields);
      if (reply.code === "OK") {
        dialog.current?.close();
        onUnlocked();
      } else setError(reply.msg);
    } catch {
      setError(labels.networkError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="tl-dialog" aria-label={labels.unlock} onClose={onClose}>
      <form onSubmit={submit}>
        <header>
          <h2>{labels.locked}</h2>
        </header>
        {lock.hint ? (
          <p>
            {labels.hint}: {lock.hint}
          </p>
        ) : null}
        {lock.mode === "users" ? (
          <label>
            {labels.userName}
            <input name="user" autoComplete="username" required />
          </label>
        ) : null}
        <label>
          {labels.password}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <FormError text={error} />
        <div className="tl-dialog-actions">
          <button type="submit" disabled={busy}>
            {labels.confirm}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {labels.close}
          </button>
        </div>
      </form>
    </dialog>
  );
}
