import { type FormEvent, useCallback, useEffect, useState } from "react";
import { FormError } from "../dialogs/FormError.js";
import { InfoDialog } from "../dialogs/InfoDialog.js";
import { useLabels } from "../language/labels-context.js";
import { formFields, postForm } from "../post-form.js";

/** One reader's message as comment.json lists it. */
export interface LeftMessage {
  id: string;
  name: string;
  message: string;
  createdAt: string;
}

/** The book service's limits (services/gateway/rest/comments.md); the server enforces them, these only guide typing. */
export const messageLimits = { name: 40, message: 500 } as const;

/**
 * The leave-message plugin: the book's messages (newest first, a page at a time) and a form posting a new one.
 * Names and messages are rendered as React text, never as HTML.
 */
export function MessagesDialog({ link, onClose }: { link: string; onClose(): void }) {
  const labels = useLabels();
  const base = `/b/${encodeURIComponent(link)}`;
  const [messages, setMessages] = useState<LeftMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState("");
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (wanted: number, fresh: boolean) => {
      setLoading(true);
      try {
        // After a post the short public cache would still hold the list without it: ask the gateway again.
        const response = await fetch(`${base}/_meta/comment/comment.json?page=${wanted}`, {
          credentials: "same-origin",
          cache: fresh ? "no-cache" : "default",
        });
        if (!response.ok) throw new Error(String(response.status));
        const list = (await response.json()) as LeftMessage[];
        setTotal(Number(response.headers.get("x-total-count") ?? list.length));
        setMessages((earlier) => (wanted === 1 ? list : [...earlier, ...list]));
        setPage(wanted);
      } catch {
        setError(labels.messagesUnavailable);
      } finally {
        setLoading(false);
      }
    },
    [base, labels.messagesUnavailable],
  );

  useEffect(() => {
    void load(1, false);
  }, [load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setError("");
    setStatus("");
    const fields = formFields(form);
    try {
      const reply = await postForm(`${base}/post-comment`, fields);
      if (reply.code === "OK") {
        const text = form.elements.namedItem("message");
        if (text instanceof HTMLTextAreaElement) text.value = "";
        setStatus(labels.messageSent);
        await load(1, true);
      } else setError(reply.msg || labels.messagesUnavailable);
    } catch {
      setError(labels.messagesUnavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <InfoDialog title={labels.messages} onClose={onClose}>
      <form className="tl-message-form" onSubmit={submit}>
        <label>
          {labels.messageName}
          <input name="name" autoComplete="name" required maxLength={messageLimits.name} />
        </label>
        <label>
          {labels.messageText}
          <textarea name="message" required maxLength={messageLimits.message} rows={3} />
        </label>
        <FormError text={error} />
        <p role="status" className="tl-message-status">
          {status}
        </p>
        <div className="tl-dialog-actions">
          <button type="submit" disabled={busy}>
            {labels.messageSend}
          </button>
        </div>
      </form>
      <section aria-label={labels.messages} aria-busy={loading}>
        {!loading && messages.length === 0 ? <p>{labels.messagesNone}</p> : null}
        <ol className="tl-messages" data-testid="messages">
          {messages.map((entry) => (
            <li key={entry.id}>
              <p className="tl-message-head">
                <strong>{entry.name}</strong> <time dateTime={entry.createdAt}>{shortDate(entry.createdAt)}</time>
              </p>
              <p className="tl-message-text">{entry.message}</p>
            </li>
          ))}
        </ol>
        {messages.length < total ? (
          <button type="button" disabled={loading} onClick={() => void load(page + 1, false)}>
            {labels.messagesMore}
          </button>
        ) : null}
      </section>
    </InfoDialog>
  );
}

function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString();
}
