import { type Env, env, loadConfig } from "@turnleaf/kit";

export function readConfig(source: Env) {
  return loadConfig(
    "power",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50052),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-power"),
      DEMO_SEED: env.booleanFlag.default(false),
      /** A session ends after this long unused (12 hours) … */
      SESSION_IDLE_MINUTES: env.positiveInteger.default(720),
      /** … and this long after its login whatever its use (7 days). */
      SESSION_ABSOLUTE_HOURS: env.positiveInteger.default(168),
      /** Failed logins per email and client address within the window before further tries are refused. */
      LOGIN_FAILURE_LIMIT: env.positiveInteger.default(10),
      LOGIN_FAILURE_WINDOW_SECONDS: env.positiveInteger.default(900),
      /** Account checks (checkAccount.php: does this email have an account?) per client address in the window. */
      ACCOUNT_CHECK_LIMIT: env.positiveInteger.default(20),
      ACCOUNT_CHECK_WINDOW_SECONDS: env.positiveInteger.default(300),
      /** Sign-ups per client address in the window (a day) before registration is refused. */
      SIGN_UP_LIMIT: env.positiveInteger.default(30),
      SIGN_UP_WINDOW_SECONDS: env.positiveInteger.default(86_400),
      /** How many of an address's sign-ups in that window start with the 5 new-user points. */
      FREE_POINTS_PER_CLIENT: env.positiveInteger.default(3),
      /**
       * NATS with JetStream: the hosting sweep publishes BookHostingChanged there and learns uploads' book ids.
       * Unset: no sweep runs (books are never suspended for unpaid hosting) — set it in every deployment.
       */
      NATS_URL: env.natsUrl.optional(),
      /** How often the hosting sweep charges monthly points and suspends books unpaid for 24 hours (1 hour). */
      HOSTING_SWEEP_INTERVAL_SECONDS: env.positiveInteger.default(3600),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}

export type PowerConfig = ReturnType<typeof readConfig>;
