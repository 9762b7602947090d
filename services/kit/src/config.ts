// Named imports, not zod's `z` namespace: a bundle then leaves out what the services never use, the error messages'
// translations among them (~366 KB of every service's bundle, compiled at each start).
import {
  coerce,
  type infer as Infer,
  object,
  string,
  url,
  type ZodObject,
  type ZodRawShape,
  enum as zodEnum,
} from "zod";
import { allowedNetworks } from "./private-network.js";

/** Thrown at start when the environment does not satisfy a service's config schema; lists every problem at once. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(service: string, problems: string[]) {
    super(`${service}: invalid configuration\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export type Env = Record<string, string | undefined>;

/**
 * Validates the environment once against a schema whose keys are environment variable names.
 * Empty strings count as unset so `FOO=` falls back to the default like a missing variable.
 */
export function loadConfig<Shape extends ZodRawShape>(
  service: string,
  shape: Shape,
  env: Env,
): Infer<ZodObject<Shape>> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = object(shape).safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  throw new ConfigError(service, problems);
}

const port = coerce.number().int().min(0).max(65535);
const positiveInteger = coerce.number().int().positive();
const hostPort = string().regex(/^[^\s:]+:\d{1,5}$/, "expected host:port");
const booleanFlag = zodEnum(["true", "false", "1", "0", "yes", "no"]).transform(
  (value) => value === "true" || value === "1" || value === "yes",
);

/**
 * Private networks an outbound call may reach (on-premises targets): CIDR blocks, comma separated (e.g.
 * "10.0.0.0/8, fd00::/8"), as the BlockList the kit's guarded request checks. A malformed block is a config problem.
 */
const privateNetworks = string()
  .min(1)
  .transform((value, context) => {
    try {
      return allowedNetworks(value.split(",").map((block) => block.trim()));
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
      return undefined as never;
    }
  });

/** Environment pieces every service composes into its own config schema. */
export const env = {
  logLevel: zodEnum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  port,
  hostPort,
  booleanFlag,
  host: string().min(1).default("0.0.0.0"),
  mongodbUri: string().regex(/^mongodb(\+srv)?:\/\//, "expected a mongodb:// or mongodb+srv:// URI"),
  natsUrl: string().regex(/^(nats|tls|wss?):\/\//, "expected a nats:// URL"),
  url: url(),
  text: string().min(1),
  positiveInteger,
  shutdownGraceMs: positiveInteger.default(10_000),
  privateNetworks,
  /** METRICS_PORT: where `GET /metrics` answers; unset, the process serves no metrics. */
  metricsPort: port.optional(),
};

/** The S3 connection of a service that cannot run without its file store (spread into its config schema). */
export const s3Env = {
  S3_ENDPOINT: env.url,
  S3_REGION: env.text.default("us-east-1"),
  S3_ACCESS_KEY_ID: env.text,
  S3_SECRET_ACCESS_KEY: env.text,
};
