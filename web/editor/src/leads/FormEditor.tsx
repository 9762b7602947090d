import { useEffect, useState } from "react";
import { NumberField } from "../common/NumberField.js";
import { Table } from "../common/Table.js";
import { useScreenServices } from "../screen-services.js";
import { defaultForm, type FieldKind, type LeadField, type LeadForm, nextFieldKey } from "./model.js";

const kinds: FieldKind[] = ["name", "email", "phone", "text"];

/** The lead form's settings: on or off, where it shows, whether it can be skipped, its texts and fields. */
export function FormEditor({ form: stored, onSave }: { form: LeadForm | null; onSave(form: LeadForm): void }) {
  const { labels } = useScreenServices();
  const [form, setForm] = useState<LeadForm>(() => stored ?? { ...defaultForm(labels), enabled: false });
  useEffect(() => {
    if (stored) setForm(stored);
  }, [stored]);
  const kindLabel: Record<FieldKind, string> = {
    name: labels.leadsKindName,
    email: labels.leadsKindEmail,
    phone: labels.leadsKindPhone,
    text: labels.leadsKindText,
  };
  const setField = (index: number, change: Partial<LeadField>) =>
    setForm((previous) => ({
      ...previous,
      fields: previous.fields.map((field, at) => (at === index ? { ...field, ...change } : field)),
    }));

  return (
    <section className="stats-card">
      <h3>{labels.leadsForm}</h3>
      <form
        className="leads-form"
        data-testid="leads-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(form);
        }}
      >
        <label className="check-label">
          <input
            type="checkbox"
            checked={form.enabled}
            data-testid="leads-enabled"
            onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
          />
          <span>{labels.leadsFormEnabled}</span>
        </label>
        <NumberField
          label={labels.leadsBeforePage}
          min={1}
          max={1000}
          value={form.beforePage}
          testId="leads-before-page"
          onChange={(text) => setForm({ ...form, beforePage: Math.max(1, Number(text) || 1) })}
        />
        <label className="check-label">
          <input
            type="checkbox"
            checked={form.skippable}
            data-testid="leads-skippable"
            onChange={(event) => setForm({ ...form, skippable: event.target.checked })}
          />
          <span>{labels.leadsSkippable}</span>
        </label>
        <label className="field">
          <span>{labels.leadsFormTitle}</span>
          <input
            value={form.title}
            maxLength={200}
            onChange={(event) => setForm({ ...form, title: event.target.value })}
          />
        </label>
        <label className="field">
          <span>{labels.leadsConsentText}</span>
          <textarea
            value={form.consentText}
            maxLength={2000}
            rows={2}
            data-testid="leads-consent-text"
            onChange={(event) => setForm({ ...form, consentText: event.target.value })}
          />
        </label>
        <Table
          className="stats-table"
          headings={[labels.leadsFieldLabel, labels.leadsFieldKind, labels.leadsRequired, ""]}
        >
          {form.fields.map((field, index) => (
            <tr key={field.key}>
              <td>
                <input
                  value={field.label}
                  maxLength={100}
                  aria-label={labels.leadsFieldLabel}
                  onChange={(event) => setField(index, { label: event.target.value })}
                />
              </td>
              <td>
                <select
                  value={field.kind}
                  aria-label={labels.leadsFieldKind}
                  onChange={(event) => setField(index, { kind: event.target.value as FieldKind })}
                >
                  {kinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {kindLabel[kind]}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <input
                  type="checkbox"
                  checked={field.required}
                  aria-label={labels.leadsRequired}
                  onChange={(event) => setField(index, { required: event.target.checked })}
                />
              </td>
              <td>
                <button
                  type="button"
                  onClick={() => setForm({ ...form, fields: form.fields.filter((_, at) => at !== index) })}
                >
                  {labels.leadsRemoveField}
                </button>
              </td>
            </tr>
          ))}
        </Table>
        <div className="actions">
          <button
            type="button"
            disabled={form.fields.length >= 12}
            onClick={() =>
              setForm({
                ...form,
                fields: [...form.fields, { key: nextFieldKey(form.fields), label: "", kind: "text", required: false }],
              })
            }
          >
            {labels.leadsAddField}
          </button>
          <button type="submit" className="primary" data-testid="leads-form-save">
            {labels.leadsSave}
          </button>
        </div>
      </form>
    </section>
  );
}
