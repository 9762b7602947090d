import type { LeadField, LeadForm } from "@turnleaf/resource-files";

export type { LeadField, LeadForm };
export type FieldKind = LeadField["kind"];

export interface InsightSettings {
  statisticsEnabled: boolean;
  leadForm: LeadForm | null;
  webhookUrl: string;
  webhookSecret: string;
}

export interface Lead {
  leadId: string;
  values: Record<string, string>;
  consent: boolean;
  createdAt: string;
  page: number;
  delivery: "none" | "pending" | "delivered" | "failed";
  deliveryAttempts: number;
}

export interface Delivery {
  leadId: string;
  attempt: number;
  at: string;
  statusCode: number;
  ok: boolean;
  error: string;
  url: string;
}

/** A new book's form: name and email required, phone optional, shown at opening, skippable. */
export function defaultForm(labels: {
  leadsKindName: string;
  leadsKindEmail: string;
  leadsKindPhone: string;
}): LeadForm {
  return {
    enabled: true,
    beforePage: 1,
    skippable: true,
    title: "",
    consentText: "",
    fields: [
      { key: "name", label: labels.leadsKindName, kind: "name", required: true },
      { key: "email", label: labels.leadsKindEmail, kind: "email", required: true },
      { key: "phone", label: labels.leadsKindPhone, kind: "phone", required: false },
    ],
  };
}

/** A key for a new custom field that no field of the form has yet: field1, field2, … */
export function nextFieldKey(fields: LeadField[]): string {
  const taken = new Set(fields.map((field) => field.key));
  let index = 1;
  while (taken.has(`field${index}`)) index += 1;
  return `field${index}`;
}

/** The columns of the submissions list: the form's fields, then keys only older submissions carry. */
export function columnsOf(fields: { key: string; label: string }[], leads: Lead[]): { key: string; label: string }[] {
  const columns = [...fields];
  for (const lead of leads) {
    for (const key of Object.keys(lead.values)) {
      if (!columns.some((column) => column.key === key)) columns.push({ key, label: key });
    }
  }
  return columns;
}
