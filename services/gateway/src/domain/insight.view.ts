import { DeliveryState } from "@turnleaf/contracts/insight/v1/insight_service_pb";
import type { Peers } from "../peers.js";
import { formView } from "./lead-form.view.js";

/** The owner's views of a book's insight: its settings (with the webhook secret: the owner's alone) and leads. */

/** A lead's webhook state as the REST reference names it (rest/leads.md). */
export const deliveryNames: Record<number, string> = {
  [DeliveryState.NONE]: "none",
  [DeliveryState.PENDING]: "pending",
  [DeliveryState.DELIVERED]: "delivered",
  [DeliveryState.FAILED]: "failed",
};

export type LeadMessage = Awaited<ReturnType<Peers["insight"]["leads"]["listLeads"]>>["leads"][number];

export const leadView = (lead: LeadMessage) => ({
  leadId: lead.leadId,
  values: { ...lead.values },
  consent: lead.consent,
  createdAt: lead.createdAt,
  page: lead.page,
  delivery: deliveryNames[lead.deliveryState] ?? "none",
  deliveryAttempts: lead.deliveryAttempts,
});

/** get-settings and update-settings: a book never set has statistics on, no form, no webhook. */
export function settingsView(
  settings: Awaited<ReturnType<Peers["insight"]["settings"]["getInsightSettings"]>>["settings"] | undefined,
) {
  return {
    statisticsEnabled: settings?.statisticsEnabled ?? true,
    leadForm: settings?.leadForm ? formView(settings.leadForm) : null,
    webhookUrl: settings?.webhookUrl ?? "",
    webhookSecret: settings?.webhookSecret ?? "",
  };
}
