import { connectMongo, connectNats, runGrpcService } from "@turnleaf/kit";
import { assembleInsight } from "./assemble.js";
import { readConfig } from "./config.js";
import { startWebhookWorker } from "./delivery/webhook.worker.js";
import { dayOf } from "./domain/days.js";
import { runReadingConsumer } from "./events/reading.consumer.js";
import { buildServices } from "./server.js";

const dayMs = 24 * 60 * 60 * 1000;

runGrpcService(
  "insight",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const nats = await connectNats({ url: config.NATS_URL, name: "insight", log });
    const { settings, statistics, leads, foldJournal } = await assembleInsight(mongo);
    const consumer = await runReadingConsumer(nats, statistics, foldJournal, log, {
      batchSize: config.STATISTICS_BATCH_SIZE,
      ackWaitSeconds: config.STATISTICS_ACK_WAIT_SECONDS,
    });
    const worker = startWebhookWorker({
      leads,
      settings,
      log,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
      allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    });
    // Yesterday's reader keys still count late beacons; older ones and spent rate windows go.
    const sweep = setInterval(
      () => {
        const now = Date.now();
        void Promise.all([
          statistics.forgetReadersBefore(dayOf(now - dayMs)),
          leads.forgetRatesBefore(new Date(now)),
        ]).catch((error: unknown) => log.warn({ err: error }, "insight sweep failed"));
      },
      60 * 60 * 1000,
    );
    sweep.unref();
    return {
      services: buildServices({
        settings,
        statistics,
        leads,
        leadRateLimit: config.LEAD_RATE_LIMIT,
        leadRateWindowMs: config.LEAD_RATE_WINDOW_SECONDS * 1000,
        now: () => new Date(),
        onLeadPending: () => worker.poke(),
        allowPrivateWebhooks: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      }),
      resources: [
        { name: "webhooks", close: () => worker.stop() },
        { name: "reading-consumer", close: () => consumer.stop() },
        { name: "nats", close: () => nats.drain() },
        { name: "mongodb", close: () => mongo.close() },
      ],
    };
  },
);
