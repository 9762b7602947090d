import { type Env, env, loadConfig } from "@turnleaf/kit";
import { defaultPasswordCost, passwordLog2NRange } from "./domain/passwords.js";
import { type PriceSettings, parsePointPacks } from "./domain/products.js";

function validPacks(text: string): boolean {
  try {
    parsePointPacks(text);
    return true;
  } catch {
    return false;
  }
}

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
      /**
       * scrypt's N for new password hashes, as a power of two (15: 32 MB and ~90 ms of CPU a hash). Stored hashes
       * keep the N they were made with, so a change applies to passwords set after it. Most tests run with the
       * lowest (10).
       */
      PASSWORD_HASH_LOG2N: env.positiveInteger
        .min(passwordLog2NRange.min)
        .max(passwordLog2NRange.max)
        .default(defaultPasswordCost.log2N),
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
      /**
       * Payments (spec 001 §9; Helm values `payments.*`): the provider that sells ("stripe"; "none": nothing is on
       * sale and webhooks are refused as unavailable), its keys, and every price — the only place they are read.
       */
      PAYMENT_PROVIDER: env.text
        .refine((name) => name === "none" || name === "stripe", "expected none or stripe")
        .default("none"),
      STRIPE_SECRET_KEY: env.text.optional(),
      STRIPE_WEBHOOK_SECRET: env.text.optional(),
      /** Another Stripe API base (stripe-mock in tests); unset: api.stripe.com. */
      STRIPE_API_BASE: env.url.optional(),
      PAYMENT_CURRENCY: env.text.regex(/^[a-z]{3}$/, "expected an ISO 4217 code in lower case").default("usd"),
      /** One point's price in the currency's smallest unit (US$1.00). */
      POINT_PRICE: env.positiveInteger.default(100),
      /** Point packs on sale, "points:discount%" (larger purchases discounted). */
      POINT_PACKS: env.text
        .refine(validPacks, "expected points[:discount%] pairs, e.g. 10:0,50:10,100:20")
        .default("10:0,50:10,100:20"),
      VIP_MONTHLY_PRICE: env.positiveInteger.default(999),
      VIP_YEARLY_PRICE: env.positiveInteger.default(9900),
      /** The free points a licence holder gets once. */
      LICENCE_HOLDER_POINTS: env.positiveInteger.default(5),
      /**
       * Tests only: a named point where the process kills itself as a crash would (data/fault-point.ts), e.g.
       * `payments.after-plan-write`. Unset in every deployment.
       */
      FAULT_POINT: env.text.optional(),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}

export type PowerConfig = ReturnType<typeof readConfig>;

/** The prices on sale, from the configuration. */
export function priceSettings(config: PowerConfig): PriceSettings {
  return {
    currency: config.PAYMENT_CURRENCY,
    pointPrice: config.POINT_PRICE,
    pointPacks: config.POINT_PACKS,
    vipMonthlyPrice: config.VIP_MONTHLY_PRICE,
    vipYearlyPrice: config.VIP_YEARLY_PRICE,
  };
}
