import { randomBytes } from "node:crypto";
import { type Connection, connectMongo, type Logger, mongoRateLimit, type ServiceParts } from "@turnleaf/kit";
import type { LicenceConfig } from "./config.js";
import { ActivationRepository } from "./data/activation.repository.js";
import { FeedbackRepository } from "./data/feedback.repository.js";
import { LicenceRepository } from "./data/licence.repository.js";
import { LicenceEventRepository } from "./data/licence-event.repository.js";
import { SecretRepository } from "./data/secret.repository.js";
import { feedbackLimits } from "./domain/feedback-rules.js";
import { generateSigningKeyPem, type SigningKey, signingKeyFromPrivatePem } from "./domain/signing-key.js";
import { FeedbackDesk } from "./handlers/feedback-desk.js";
import { LicenceDesk } from "./handlers/licence-desk.js";
import { buildServices } from "./server.js";

export type LicenceSettings = Pick<
  LicenceConfig,
  | "LICENCE_SIGNING_KEY_PEM"
  | "LICENCE_CODE_PEPPER"
  | "LICENCE_ONLINE_ANSWER_TTL_DAYS"
  | "LICENCE_OFFLINE_ANSWER_TTL_DAYS"
  | "LICENCE_GUESS_LIMIT"
  | "LICENCE_GUESS_WINDOW_SECONDS"
>;

/**
 * Wires the licence desk to its stores. Secrets the environment does not give are generated once and kept in
 * MongoDB (insert-if-absent), so every replica and every restart signs and hashes with the same ones.
 */
export async function assembleLicenceDesk(
  mongo: Connection,
  settings: LicenceSettings,
  now: () => Date = () => new Date(),
): Promise<{ desk: LicenceDesk; signingKey: SigningKey; feedback: FeedbackDesk }> {
  const secrets = new SecretRepository(mongo);
  const signingKey = signingKeyFromPrivatePem(
    settings.LICENCE_SIGNING_KEY_PEM ?? (await secrets.currentOrInsert("signing-key", generateSigningKeyPem())),
  );
  const codePepper =
    settings.LICENCE_CODE_PEPPER ??
    (await secrets.currentOrInsert("licence-code-pepper", randomBytes(32).toString("base64url")));
  const repositories = {
    licences: new LicenceRepository(mongo),
    activations: new ActivationRepository(mongo),
    events: new LicenceEventRepository(mongo),
    feedback: new FeedbackRepository(mongo),
  };
  // The unique indexes are what hold activation limits under concurrency: they must exist before any call.
  await Promise.all(Object.values(repositories).map((repository) => repository.ensureIndexes()));
  // Refused codes and feedback per client address (and terminal), counted in MongoDB for every replica; each one
  // restarts its window, so no window ever holds more than the allowance.
  const limits = {
    guesses: mongoRateLimit(
      mongo,
      "licence_code_guesses",
      { points: settings.LICENCE_GUESS_LIMIT, durationSeconds: settings.LICENCE_GUESS_WINDOW_SECONDS, slide: true },
      now,
    ),
    feedback: mongoRateLimit(
      mongo,
      "licence_feedback",
      { points: feedbackLimits.perAddress, durationSeconds: feedbackLimits.windowSeconds, slide: true },
      now,
    ),
  };
  await Promise.all(Object.values(limits).map((limit) => limit.ready()));
  const desk = new LicenceDesk({
    ...repositories,
    guesses: limits.guesses,
    signingKey,
    codePepper,
    now,
    settings: {
      onlineAnswerTtlDays: settings.LICENCE_ONLINE_ANSWER_TTL_DAYS,
      offlineAnswerTtlDays: settings.LICENCE_OFFLINE_ANSWER_TTL_DAYS,
      guessLimit: settings.LICENCE_GUESS_LIMIT,
      guessWindowSeconds: settings.LICENCE_GUESS_WINDOW_SECONDS,
    },
  });
  return {
    desk,
    signingKey,
    feedback: new FeedbackDesk({ feedback: repositories.feedback, limit: limits.feedback, now }),
  };
}

/**
 * Wires the licence service: the desk on its stores and signing key (assembleLicenceDesk) under the gRPC handlers
 * (server.ts). main.ts runs it; what it opens is closed, in order, at shutdown.
 */
export async function assemble(config: LicenceConfig, log: Logger): Promise<ServiceParts> {
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const now = () => new Date();
  const { desk, signingKey, feedback } = await assembleLicenceDesk(mongo, config, now);
  log.info({ keyId: signingKey.keyId }, "licence signing key loaded");
  return {
    services: buildServices({ desk, signingKey, now, feedback }),
    resources: [{ name: "mongodb", close: () => mongo.close() }],
  };
}
