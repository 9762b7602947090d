import { useCallback, useEffect, useState } from "react";
import { type BookInfo, call, type Privacy } from "../api.js";
import { messageOf } from "../common/error-message.js";
import { NumberField } from "../common/NumberField.js";
import { useUnsavedMark } from "../common/unsaved-guard.js";
import { saveAtRevision } from "../revision-save.js";
import { useScreenServices } from "../screen-services.js";

/** The book service's minimum for a new reader password (services/book/src/domain/book-privacy.ts). */
const minPasswordLength = 6;

export function PasswordPanel({ book, onSaved }: { book: BookInfo; onSaved: () => void }) {
  const { labels, notify } = useScreenServices();
  const [privacy, setPrivacy] = useState<Privacy | null>(null);
  // The stored settings the panel opened: the base a save after SAVE_CONFLICT re-applies the change from.
  const [opened, setOpened] = useState<Privacy | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const show = useCallback((stored: Privacy) => {
    setPrivacy(stored);
    setOpened(stored);
  }, []);

  useEffect(() => {
    let live = true;
    call<Privacy>("/api/book/get-book-privacy", { bookId: book.bookId }).then(
      (loaded) => live && show(loaded),
      (error: unknown) => live && notify(messageOf(error, labels), "error"),
    );
    return () => {
      live = false;
    };
  }, [book.bookId, labels, notify, show]);

  useUnsavedMark(
    privacy !== null &&
      opened !== null &&
      (password !== "" ||
        privacy.access !== opened.access ||
        privacy.hint !== opened.hint ||
        (privacy.fromPage || 1) !== (opened.fromPage || 1)),
  );

  if (!privacy || !opened) return <p className="note">{labels.loading}</p>;

  const save = async () => {
    // The server refuses a new password under 6 characters too (it is what makes guessing slow); say so first.
    if (privacy.access === "password" && password !== "" && password.length < minPasswordLength) {
      notify(labels.passwordMinLength, "error");
      return;
    }
    setBusy(true);
    try {
      const edited = (value: Privacy) => ({ access: value.access, hint: value.hint, fromPage: value.fromPage || 1 });
      const { reply: saved } = await saveAtRevision({
        base: edited(opened),
        mine: edited(privacy),
        revision: opened.revision,
        reload: async () => {
          const stored = await call<Privacy>("/api/book/get-book-privacy", { bookId: book.bookId });
          return { value: edited(stored), revision: stored.revision };
        },
        send: (value, revision) =>
          call<Privacy>("/api/book/set-book-privacy", {
            bookId: book.bookId,
            ...value,
            mode: "single",
            password,
            revision: revision ?? 0,
          }),
      });
      show(saved);
      setPassword("");
      notify(labels.privacySaved);
      onSaved();
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  const accessChoices: [Privacy["access"], string][] = [
    ["public", labels.accessPublic],
    ["password", labels.accessPassword],
    ["private", labels.accessPrivate],
  ];
  return (
    <div className="panel">
      <fieldset className="choices">
        {accessChoices.map(([access, label]) => (
          <label key={access}>
            <input
              type="radio"
              name="access"
              checked={privacy.access === access}
              onChange={() => setPrivacy({ ...privacy, access })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {privacy.access === "password" ? (
        <>
          <label className="field">
            <span>{labels.password}</span>
            <input
              type="password"
              autoComplete="new-password"
              minLength={minPasswordLength}
              maxLength={64}
              placeholder={privacy.hasPassword ? labels.passwordKeep : labels.passwordMinLength}
              aria-describedby="password-min-length"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <small id="password-min-length" className="note">
              {labels.passwordMinLength}
            </small>
          </label>
          <label className="field">
            <span>{labels.hint}</span>
            <input
              maxLength={200}
              value={privacy.hint}
              onChange={(event) => setPrivacy({ ...privacy, hint: event.target.value })}
            />
          </label>
          <NumberField
            label={labels.fromPage}
            min={1}
            value={privacy.fromPage || 1}
            onChange={(text) => setPrivacy({ ...privacy, fromPage: Number(text) || 1 })}
          />
        </>
      ) : null}
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
          {labels.save}
        </button>
      </div>
    </div>
  );
}
