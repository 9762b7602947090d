import { type CodedMessage, DomainError, message } from "@turnleaf/kit";

export type FieldKind = "name" | "email" | "phone" | "text";

export interface FormField {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
}

export interface LeadFormSettings {
  enabled: boolean;
  beforePage: number;
  skippable: boolean;
  title: string;
  consentText: string;
  fields: FormField[];
}

export const maxFields = 12;
const keyPattern = /^[A-Za-z0-9_-]{1,32}$/;

const invalid = (field: string, text: CodedMessage) =>
  new DomainError("INVALID_ARGUMENT", text, { details: { field } });

/** An owner's form, checked and trimmed; what the reader shows and submissions are held to. */
export function normaliseForm(form: LeadFormSettings): LeadFormSettings {
  const beforePage = Math.trunc(form.beforePage) || 1;
  if (beforePage < 1 || beforePage > 1000) throw invalid("beforePage", message("leadFormPage"));
  if (form.fields.length > maxFields) throw invalid("fields", message("leadFormFieldsMax", { max: maxFields }));
  const keys = new Set<string>();
  const fields = form.fields.map((field) => {
    const key = field.key.trim();
    if (!keyPattern.test(key)) throw invalid("fields", message("leadFormFieldKey", { key: key.slice(0, 40) }));
    if (keys.has(key)) throw invalid("fields", message("leadFormFieldRepeated", { key }));
    keys.add(key);
    return { key, label: field.label.trim().slice(0, 100) || key, kind: field.kind, required: field.required };
  });
  if (form.enabled && fields.length === 0) throw invalid("fields", message("leadFormNoFields"));
  return {
    enabled: form.enabled,
    beforePage,
    skippable: form.skippable,
    title: form.title.trim().slice(0, 200),
    consentText: form.consentText.trim().slice(0, 2000),
    fields,
  };
}

const emailPattern =
  /^[^\s@"<>,;:()[\]\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** One value as stored: whitespace collapsed, the email's domain lower-cased, a phone's digits with its leading +. */
export function normaliseValue(kind: FieldKind, raw: string): { value: string } | { error: string } {
  const text = raw.normalize("NFC").replace(/\s+/g, " ").trim();
  if (!text) return { value: "" };
  switch (kind) {
    case "name":
      return text.length > 100 ? { error: "too long (100 characters at most)" } : { value: text };
    case "email": {
      const at = text.lastIndexOf("@");
      const email = at > 0 ? `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}` : text;
      return emailPattern.test(email) && email.length <= 254 ? { value: email } : { error: "not an email address" };
    }
    case "phone": {
      if (!/^\+?[\d\s().-]+$/.test(text)) return { error: "not a phone number" };
      const digits = text.replace(/\D/g, "");
      if (digits.length < 5 || digits.length > 20) return { error: "not a phone number" };
      return { value: `${text.startsWith("+") ? "+" : ""}${digits}` };
    }
    default:
      return text.length > 1000 ? { error: "too long (1000 characters at most)" } : { value: text };
  }
}

/**
 * A submission held to the book's form: unknown keys dropped, every value normalised, required values and the
 * consent (when the form asks for it) present. Answers the stored values or throws INVALID_ARGUMENT naming the fields.
 */
export function normaliseSubmission(
  form: LeadFormSettings,
  values: Record<string, string>,
  consent: boolean,
): Record<string, string> {
  const stored: Record<string, string> = {};
  const problems: string[] = [];
  for (const field of form.fields) {
    const result = normaliseValue(field.kind, values[field.key] ?? "");
    if ("error" in result) problems.push(`${field.key}: ${result.error}`);
    else if (!result.value && field.required) problems.push(`${field.key}: required`);
    else if (result.value) stored[field.key] = result.value;
  }
  if (form.consentText && !consent) problems.push("consent: required");
  if (Object.keys(stored).length === 0 && problems.length === 0) problems.push("the form is empty");
  if (problems.length > 0) {
    // The fields' keys name what to fix; the details say why, for logs and clients that want more.
    const fields = [...new Set(problems.map((problem) => problem.split(":")[0] ?? ""))];
    throw new DomainError("INVALID_ARGUMENT", message("leadFieldsInvalid", { fields: fields.join(", ") }), {
      details: { field: fields[0] ?? "", problems },
    });
  }
  return stored;
}
