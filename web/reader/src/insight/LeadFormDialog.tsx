import type { LeadForm } from "@turnleaf/resource-files";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLabels } from "../language/labels-context.js";
import { languageHeaders } from "../language/request-language.js";

export type { LeadForm };

const inputTypes = { name: "text", email: "email", phone: "tel", text: "text" } as const;
const autoComplete = { name: "name", email: "email", phone: "tel", text: "off" } as const;

/**
 * The owner's lead form as a modal dialog: the book behind it is inert, keys do not turn its pages, and Escape does
 * not close a form the owner made compulsory.
 */
export function LeadFormDialog({
  link,
  form,
  onDone,
}: {
  link: string;
  form: LeadForm;
  onDone(how: "sent" | "skipped"): void;
}) {
  const labels = useLabels();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<"idle" | "sending" | "failed" | "invalid" | "limited">("idle");
  const [problem, setProblem] = useState("");
  const sent = useRef(false);
  useEffect(() => dialog.current?.showModal(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.consentText && !consent) {
      setState("invalid");
      setProblem(labels.leadConsentRequired);
      return;
    }
    setState("sending");
    try {
      const response = await fetch(`/b/${encodeURIComponent(link)}/lead`, {
        method: "POST",
        headers: languageHeaders({ "content-type": "application/json" }),
        body: JSON.stringify({ values, consent, page: form.beforePage }),
      });
      const reply = (await response.json()) as { code?: string; data?: { messageKey?: string } | null };
      if (reply.code === "OK") {
        sent.current = true;
        onDone("sent");
        return;
      }
      const limited = reply.data?.messageKey === "leadTooMany";
      setState(limited ? "limited" : "invalid");
      setProblem(limited ? labels.leadTooMany : labels.leadInvalid);
    } catch {
      setState("failed");
      setProblem(labels.leadFailed);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="tl-dialog tl-lead"
      aria-labelledby={`${id}-title`}
      data-testid="lead-form"
      onCancel={(event) => {
        if (!form.skippable) event.preventDefault();
      }}
      onClose={() => {
        // A compulsory form comes back whatever closed it (the browser may force a second Escape through).
        if (form.skippable) onDone("skipped");
        else if (!sent.current) dialog.current?.showModal();
      }}
      // Keys typed in the form are the form's: they must not turn the book's pages behind it.
      onKeyDown={(event) => event.stopPropagation()}
    >
      <form onSubmit={submit} noValidate={false}>
        <h2 id={`${id}-title`}>{form.title || labels.leadTitle}</h2>
        {form.fields.map((field) => (
          <label key={field.key}>
            <span>
              {field.label}
              {field.required ? <abbr title={labels.leadRequired}> *</abbr> : null}
            </span>
            <input
              name={field.key}
              type={inputTypes[field.kind]}
              autoComplete={autoComplete[field.kind]}
              required={field.required}
              maxLength={field.kind === "text" ? 1000 : 254}
              value={values[field.key] ?? ""}
              onChange={(event) => setValues((previous) => ({ ...previous, [field.key]: event.target.value }))}
            />
          </label>
        ))}
        {form.consentText ? (
          <label className="tl-lead-consent">
            <input type="checkbox" checked={consent} required onChange={(event) => setConsent(event.target.checked)} />
            <span>{form.consentText}</span>
          </label>
        ) : null}
        {problem ? (
          <p className="tl-lead-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="tl-lead-actions">
          {form.skippable ? (
            <button type="button" onClick={() => dialog.current?.close()}>
              {labels.leadSkip}
            </button>
          ) : null}
          <button type="submit" disabled={state === "sending"}>
            {state === "sending" ? labels.leadSending : labels.leadSubmit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
