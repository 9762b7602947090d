import type { Logger } from "@turnleaf/kit";
import type { LeadDocument, LeadRepository } from "../data/lead.repository.js";
import type { SettingsRepository } from "../data/settings.repository.js";
import { maxAttempts, retryDelayMs, signatureHeader, signPayload } from "../domain/webhook.js";
import { deliveryFailure, type PrivateTargets, postWebhook } from "./webhook-target.js";

export interface WebhookWorker {
  /** Looks for due deliveries now (a new lead) instead of at the next tick. */
  poke(): void;
  stop(): Promise<void>;
}

/** What the owner's webhook receives: one lead, as JSON. */
export function leadPayload(lead: LeadDocument): string {
  return JSON.stringify({
    type: "lead.created",
    leadId: lead._id,
    bookId: lead.bookId,
    createdAt: lead.createdAt.toISOString(),
    page: lead.page,
    consent: lead.consent,
    values: lead.values,
  });
}

/**
 * Sends pending leads to their book's webhook, signed (X-Turnleaf-Signature, HMAC-SHA256), one POST per attempt
 * with a time limit, to public addresses only unless allowed (checked on the addresses connected to: ./webhook-target.ts); a non-2xx answer or a network failure is retried with exponential backoff up to maxAttempts,
 * every attempt recorded in the lead's delivery log (the status code of an answer, else "refused" or "failed"). Leads are claimed with a lease, so replicas share the work.
 */
export function startWebhookWorker(options: {
  leads: LeadRepository;
  settings: SettingsRepository;
  log: Logger;
  intervalMs?: number;
  timeoutMs?: number;
  retryBaseMs?: number;
  /** Private networks deliveries may reach (on-premises); a host resolving into any other is refused. */
  privateTargets?: PrivateTargets;
  now?: () => Date;
}): WebhookWorker {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const attempt = async (lead: LeadDocument) => {
    const stored = await options.settings.find(lead.bookId);
    const url = lead.delivery.url;
    const number = lead.delivery.attempts + 1;
    const body = leadPayload(lead);
    let statusCode = 0;
    let error = "";
    try {
      statusCode = await postWebhook({
        url,
        headers: {
          "content-type": "application/json",
          "user-agent": "Turnleaf-Webhook/1",
          [signatureHeader]: signPayload(stored?.webhookSecret ?? "", body, Math.floor(now().getTime() / 1000)),
          "x-turnleaf-event": "lead.created",
          "x-turnleaf-delivery": `${lead._id}-${number}`,
        },
        body,
        timeoutMs,
        privateTargets: options.privateTargets,
      });
      if (statusCode < 200 || statusCode >= 300) error = `answered ${statusCode}`;
    } catch (failure) {
      error = deliveryFailure(failure);
    }
    const ok = statusCode >= 200 && statusCode < 300;
    const at = now();
    const state = ok ? "delivered" : number >= maxAttempts ? "failed" : "pending";
    await options.leads.recordAttempt(
      lead._id,
      { attempt: number, at, statusCode, ok, error: error.slice(0, 300), url },
      { state, dueAt: new Date(at.getTime() + (ok ? 0 : retryDelayMs(number, options.retryBaseMs))) },
    );
    options.log.info({ leadId: lead._id, attempt: number, statusCode, state }, "lead webhook attempt");
  };

  const drain = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const lead = await options.leads.claimDue(now(), timeoutMs * 2);
        if (!lead) break;
        await attempt(lead);
      }
    } while (again && !stopped);
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => options.log.warn({ err: error }, "webhook deliveries failed; retrying"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    poke: tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
