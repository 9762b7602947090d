import type { MessageInitShape } from "@bufbuild/protobuf";
import type { LeadFormSchema } from "@turnleaf/contracts/insight/v1/insight_service_pb";
import {
  DeliveryState,
  type LeadField,
  LeadFieldKind,
  type LeadForm,
} from "@turnleaf/contracts/insight/v1/insight_service_pb";
import type { DeliveryStateName, LeadDocument } from "../data/lead.repository.js";
import type { FieldKind, FormField, LeadFormSettings } from "../domain/lead-form.js";

const kinds: Record<FieldKind, LeadFieldKind> = {
  name: LeadFieldKind.NAME,
  email: LeadFieldKind.EMAIL,
  phone: LeadFieldKind.PHONE,
  text: LeadFieldKind.TEXT,
};

export function fieldKindOf(kind: LeadFieldKind): FieldKind {
  if (kind === LeadFieldKind.NAME) return "name";
  if (kind === LeadFieldKind.EMAIL) return "email";
  if (kind === LeadFieldKind.PHONE) return "phone";
  return "text";
}

export function formOf(message: LeadForm): LeadFormSettings {
  return {
    enabled: message.enabled,
    beforePage: message.beforePage,
    skippable: message.skippable,
    title: message.title,
    consentText: message.consentText,
    fields: message.fields.map(
      (field: LeadField): FormField => ({
        key: field.key,
        label: field.label,
        kind: fieldKindOf(field.kind),
        required: field.required,
      }),
    ),
  };
}

export function formMessage(form: LeadFormSettings): MessageInitShape<typeof LeadFormSchema> {
  return { ...form, fields: form.fields.map((field) => ({ ...field, kind: kinds[field.kind] })) };
}

const states: Record<DeliveryStateName, DeliveryState> = {
  none: DeliveryState.NONE,
  pending: DeliveryState.PENDING,
  delivered: DeliveryState.DELIVERED,
  failed: DeliveryState.FAILED,
};

export function leadMessage(lead: LeadDocument) {
  return {
    leadId: lead._id,
    bookId: lead.bookId,
    values: lead.values,
    consent: lead.consent,
    createdAt: lead.createdAt.toISOString(),
    page: lead.page,
    deliveryState: states[lead.delivery.state],
    deliveryAttempts: lead.delivery.attempts,
  };
}
