import {
  type Connection,
  connectMongo,
  connectNats,
  type Logger,
  mongoRateLimits,
  type ServiceParts,
} from "@turnleaf/kit";
import { type InsightConfig, webhookPrivateTargets } from "./config.js";
import { foldJournalRepository } from "./data/fold-journal.repository.js";
import { leadRepository } from "./data/lead.repository.js";
import { settingsRepository } from "./data/settings.repository.js";
import { statisticsRepository } from "./data/statistics.repository.js";
import { startWebhookWorker } from "./delivery/webhook.worker.js";
import { dayOf } from "./domain/days.js";
import { runReadingConsumer } from "./events/reading.consumer.js";
import { buildServices } from "./server.js";

/**
 * The service's repositories on its database, indexes ensured, and its rate limits there (main.ts and in-process
 * tests share it).
 */
export async function assembleInsight(mongo: Connection) {
  const settings = settingsRepository(mongo);
  const statistics = statisticsRepository(mongo);
  const leads = leadRepository(mongo);
  const foldJournal = foldJournalRepository(mongo);
  await Promise.all([statistics.ensureIndexes(), leads.ensureIndexes(), foldJournal.ensureIndexes()]);
  return { settings, statistics, leads, foldJournal, rateLimits: mongoRateLimits(mongo) };
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Wires the insight service: its repositories (assembleInsight), the reading consumer, the webhook worker and the
 * hourly sweep, under the gRPC handlers (server.ts). main.ts runs it; what it opens is closed, in order, at
 * shutdown.
 */
export async function assemble(config: InsightConfig, log: Logger): Promise<ServiceParts> {
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const nats = await connectNats({ url: config.NATS_URL, name: "insight", log });
  const { settings, statistics, leads, foldJournal, rateLimits } = await assembleInsight(mongo);
  const consumer = await runReadingConsumer(nats, statistics, foldJournal, log, {
    batchSize: config.STATISTICS_BATCH_SIZE,
    ackWaitSeconds: config.STATISTICS_ACK_WAIT_SECONDS,
  });
  const worker = startWebhookWorker({
    leads,
    settings,
    log,
    retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    privateTargets: webhookPrivateTargets(config),
  });
  // Yesterday's reader keys still count late beacons; older ones go.
  const sweep = setInterval(
    () => {
      statistics
        .forgetReadersBefore(dayOf(Date.now() - dayMs))
        .catch((error: unknown) => log.warn({ err: error }, "insight sweep failed"));
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  return {
    services: buildServices({
      settings,
      statistics,
      leads,
      rateLimits,
      leadRateLimit: config.LEAD_RATE_LIMIT,
      leadRateWindowMs: config.LEAD_RATE_WINDOW_SECONDS * 1000,
      now: () => new Date(),
      onLeadPending: () => worker.poke(),
      privateWebhookTargets: webhookPrivateTargets(config),
    }),
    resources: [
      { name: "webhooks", close: () => worker.stop() },
      { name: "reading-consumer", close: () => consumer.stop() },
      { name: "nats", close: () => nats.drain() },
      { name: "mongodb", close: () => mongo.close() },
    ],
  };
}
