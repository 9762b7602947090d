import type {
  InsightSettingsService,
  LeadService,
  StatisticsService,
} from "@turnleaf/contracts/insight/v1/insight_service_pb";
import { DomainError, type MongoRateLimits, message, type ServiceImplementation } from "@turnleaf/kit";
import type { LeadRepository } from "../data/lead.repository.js";
import type { SettingsRepository, StoredSettings } from "../data/settings.repository.js";
import type { StatisticsRepository } from "../data/statistics.repository.js";
import { checkWebhookTarget, type PrivateTargets, WebhookTargetRefused } from "../delivery/webhook-target.js";
import { rangeOf } from "../domain/days.js";
import { normaliseForm, normaliseSubmission } from "../domain/lead-form.js";
import { summarise } from "../domain/statistics.js";
import { checkWebhookUrl, newWebhookSecret } from "../domain/webhook.js";
import { formMessage, formOf, leadMessage } from "./convert.js";

export interface InsightHandlerDependencies {
  settings: SettingsRepository;
  statistics: StatisticsRepository;
  leads: LeadRepository;
  /** The service's rate limits on its MongoDB (assembleInsight). */
  rateLimits: MongoRateLimits;
  /**
   * Submissions one client may make per window before it is refused; each restarts the window, so no window
   * ever holds more, and a client's count is forgotten after a quiet window.
   */
  leadRateLimit: number;
  leadRateWindowMs: number;
  now: () => Date;
  /** Told when a lead waits for delivery, so the worker sends it at once rather than at its next look. */
  onLeadPending?: () => void;
  /** Private networks webhooks may point into (on-premises deployments); otherwise only public addresses. */
  privateWebhookTargets?: PrivateTargets;
}

const defaults: StoredSettings = { statisticsEnabled: true, leadForm: null, webhookUrl: "", webhookSecret: "" };

function checkedBookId(bookId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(bookId)) {
    throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "bookId" }), {
      details: { field: "bookId" },
    });
  }
  return bookId;
}

/** A webhook address the owner sets: http(s), and (unless allowed) a host whose every address is public. */
async function checkedWebhook(value: string, privateTargets: PrivateTargets): Promise<string> {
  const url = checkWebhookUrl(value);
  if (url === null) {
    throw new DomainError("INVALID_ARGUMENT", message("webhookUrlInvalid"), { details: { field: "webhookUrl" } });
  }
  if (!url) return url;
  try {
    await checkWebhookTarget(url, privateTargets);
  } catch (error) {
    if (!(error instanceof WebhookTargetRefused)) throw error;
    const key = error.reason === "private" ? "webhookUrlPrivate" : "webhookUrlUnresolvable";
    throw new DomainError("INVALID_ARGUMENT", message(key, { host: error.host }), { details: { field: "webhookUrl" } });
  }
  return url;
}

export function settingsHandlers({
  settings,
  privateWebhookTargets,
}: Pick<InsightHandlerDependencies, "settings" | "privateWebhookTargets">): ServiceImplementation<
  typeof InsightSettingsService
> {
  const current = async (bookId: string) => (await settings.find(bookId)) ?? defaults;
  const view = (stored: StoredSettings) => ({
    statisticsEnabled: stored.statisticsEnabled,
    ...(stored.leadForm ? { leadForm: formMessage(stored.leadForm) } : {}),
    webhookUrl: stored.webhookUrl,
    webhookSecret: stored.webhookSecret,
  });
  return {
    async getReaderInsight(request) {
      const stored = await current(checkedBookId(request.bookId));
      const form = stored.leadForm?.enabled ? stored.leadForm : null;
      return { statisticsEnabled: stored.statisticsEnabled, ...(form ? { leadForm: formMessage(form) } : {}) };
    },
    async getInsightSettings(request) {
      return { settings: view(await current(checkedBookId(request.bookId))) };
    },
    async updateInsightSettings(request) {
      const bookId = checkedBookId(request.bookId);
      const changes: Partial<StoredSettings> = {};
      if (request.statisticsEnabled !== undefined) changes.statisticsEnabled = request.statisticsEnabled;
      if (request.leadForm) changes.leadForm = normaliseForm(formOf(request.leadForm));
      if (request.webhookUrl !== undefined)
        changes.webhookUrl = await checkedWebhook(request.webhookUrl, privateWebhookTargets);
      if (request.rotateWebhookSecret) changes.webhookSecret = newWebhookSecret();
      await settings.update(bookId, changes, newWebhookSecret());
      return { settings: view(await current(bookId)) };
    },
  };
}

export function statisticsHandlers({
  statistics,
  now,
}: Pick<InsightHandlerDependencies, "statistics" | "now">): ServiceImplementation<typeof StatisticsService> {
  return {
    async getStatistics(request) {
      const bookIds = [...new Set(request.bookIds.map(checkedBookId))].slice(0, 1000);
      const range = rangeOf(request.fromDay, request.toDay, now().getTime());
      return summarise(await statistics.range(bookIds, range.from, range.to), range, bookIds);
    },
  };
}

export function leadHandlers(dependencies: InsightHandlerDependencies): ServiceImplementation<typeof LeadService> {
  const { settings, leads, now } = dependencies;
  const submissions = dependencies.rateLimits(
    "lead_submissions",
    {
      points: dependencies.leadRateLimit,
      durationSeconds: Math.ceil(dependencies.leadRateWindowMs / 1000),
      slide: true,
    },
    now,
  );
  const ready = submissions.ready();
  ready.catch(() => undefined);
  return {
    async submitLead(request) {
      const bookId = checkedBookId(request.bookId);
      const stored = await settings.find(bookId);
      const form = stored?.leadForm;
      if (!stored || !form?.enabled) throw new DomainError("FAILED_PRECONDITION", message("leadFormNone"));
      const values = normaliseSubmission(form, request.values, request.consent);
      if (request.clientKey) {
        await ready;
        if (!(await submissions.take(request.clientKey)).allowed) {
          throw new DomainError("RATE_LIMITED", message("leadTooMany"));
        }
      }
      const at = now();
      const lead = await leads.insert({
        bookId,
        values,
        consent: request.consent,
        page: Math.max(0, Math.min(request.page, 1000)),
        createdAt: at,
        delivery: {
          state: stored.webhookUrl ? "pending" : "none",
          url: stored.webhookUrl,
          attempts: 0,
          dueAt: at,
          log: [],
        },
      });
      if (stored.webhookUrl) dependencies.onLeadPending?.();
      return { lead: leadMessage(lead) };
    },
    async listLeads(request) {
      const bookId = checkedBookId(request.bookId);
      const [found, stored] = await Promise.all([leads.list(bookId), settings.find(bookId)]);
      const fields = stored?.leadForm?.fields ?? [];
      return {
        leads: found.map(leadMessage),
        fields: formMessage({ ...(stored?.leadForm ?? normaliseFormless()), fields }).fields ?? [],
      };
    },
    async deleteLead(request) {
      const bookId = checkedBookId(request.bookId);
      if (request.leadId && !/^[0-9a-f]{24}$/.test(request.leadId)) {
        throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "leadId" }), {
          details: { field: "leadId" },
        });
      }
      return { deleted: await leads.delete(bookId, request.leadId) };
    },
    async listLeadDeliveries(request) {
      const found = await leads.deliveries(checkedBookId(request.bookId));
      return {
        deliveries: found.map((entry) => ({
          leadId: entry.leadId,
          attempt: entry.attempt,
          at: entry.at.toISOString(),
          statusCode: entry.statusCode,
          ok: entry.ok,
          error: entry.error,
          url: entry.url,
        })),
      };
    },
  };
}

function normaliseFormless() {
  return { enabled: false, beforePage: 1, skippable: true, title: "", consentText: "", fields: [] };
}
