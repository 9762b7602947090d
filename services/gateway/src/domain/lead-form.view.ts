import type { MessageInitShape } from "@bufbuild/protobuf";
import { LeadFieldKind, type LeadForm, type LeadFormSchema } from "@turnleaf/contracts/insight/v1/insight_service_pb";
import { DomainError, enumNames, message } from "@turnleaf/kit";

export type FieldKindName = "name" | "email" | "phone" | "text";

const fieldKinds = enumNames<FieldKindName, LeadFieldKind>({
  name: LeadFieldKind.NAME,
  email: LeadFieldKind.EMAIL,
  phone: LeadFieldKind.PHONE,
  text: LeadFieldKind.TEXT,
});

/** A lead form as the reader and the editor read it (JSON). */
export function formView(form: LeadForm) {
  return {
    enabled: form.enabled,
    beforePage: form.beforePage,
    skippable: form.skippable,
    title: form.title,
    consentText: form.consentText,
    fields: form.fields.map((field) => ({
      key: field.key,
      label: field.label,
      kind: fieldKinds.nameOf(field.kind) ?? "text",
      required: field.required,
    })),
  };
}

const invalid = () =>
  new DomainError("INVALID_ARGUMENT", message("leadFormInvalid"), { details: { field: "leadForm" } });

/** The editor's leadForm field (a JSON string) as the insight service's message; the service checks the rest. */
export function leadFormOf(json: string): MessageInitShape<typeof LeadFormSchema> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw invalid();
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw invalid();
  const form = raw as Record<string, unknown>;
  const fields = Array.isArray(form.fields) ? form.fields : [];
  return {
    enabled: form.enabled === true,
    beforePage: Number.isInteger(form.beforePage) ? (form.beforePage as number) : 1,
    skippable: form.skippable !== false,
    title: typeof form.title === "string" ? form.title : "",
    consentText: typeof form.consentText === "string" ? form.consentText : "",
    fields: fields.slice(0, 50).map((entry) => {
      const field = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
      const kind = fieldKinds.values[field.kind as FieldKindName] ?? LeadFieldKind.TEXT;
      return {
        key: typeof field.key === "string" ? field.key : "",
        label: typeof field.label === "string" ? field.label : "",
        kind,
        required: field.required === true,
      };
    }),
  };
}
