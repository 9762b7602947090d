import { trace } from "@opentelemetry/api";
import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger } from "pino";

/** Paths whose values never reach a log line. */
export const redactedPaths = [
  "password",
  "*.password",
  "secret",
  "*.secret",
  "token",
  "*.token",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "req.headers.authorization",
  "req.headers.cookie",
  "res.headers['set-cookie']",
  "S3_SECRET_ACCESS_KEY",
  "*.S3_SECRET_ACCESS_KEY",
  "MONGODB_URI",
  "*.MONGODB_URI",
  "secretKey",
  "*.secretKey",
  "licenceCode",
  "*.licenceCode",
];

/** JSON lines on stdout (or the given destination), one `service` field, secrets redacted, trace ids when a span is active. */
export function createLogger(options: { service: string; level: string }, destination?: DestinationStream): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      redact: { paths: redactedPaths, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin() {
        const spanContext = trace.getActiveSpan()?.spanContext();
        return spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
      },
    },
    destination,
  );
}
