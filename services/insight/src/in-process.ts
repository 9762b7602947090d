/**
 * The insight service for a process that hosts it beside others (the in-process tests): its configuration reader,
 * its repositories on a given database, the lead handlers and its gRPC services, and the statistics and webhook
 * rules the tests check directly. Exported as `@turnleaf/insight/in-process`; importing it starts nothing.
 */

export { assembleInsight } from "./assemble.js";
export { readConfig, webhookPrivateTargets } from "./config.js";
export { statisticsRepository } from "./data/statistics.repository.js";
export { blockId } from "./domain/blocks.js";
export { foldBeacons } from "./domain/buckets.js";
export { dayOf } from "./domain/days.js";
export { verifySignature } from "./domain/webhook.js";
export { leadHandlers } from "./handlers/insight.handlers.js";
export { buildServices } from "./server.js";
