/**
 * Loaded with `node --import @turnleaf/kit/telemetry-preload` before a service's main module so that
 * auto-instrumentation can hook grpc-js, http and mongodb before they are imported (ESM has no other way).
 * The SDK starts only when the standard OTEL_* variables ask for an exporter; otherwise the API stays a no-op.
 * This file reads process.env directly because it runs before any service config exists, and the SDK reads
 * the same OTEL_* variables itself.
 */
import { register } from "node:module";

const setting = (name: string) => process.env[name] || undefined;
const wantsTelemetry =
  setting("OTEL_SDK_DISABLED") !== "true" &&
  (setting("OTEL_EXPORTER_OTLP_ENDPOINT") !== undefined ||
    setting("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") !== undefined ||
    (setting("OTEL_TRACES_EXPORTER") ?? "none") !== "none");

if (wantsTelemetry) {
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const { getNodeAutoInstrumentations } = await import("@opentelemetry/auto-instrumentations-node");
  const sdk = new NodeSDK({
    instrumentations: [getNodeAutoInstrumentations({ "@opentelemetry/instrumentation-fs": { enabled: false } })],
  });
  sdk.start();
  // The kit's graceful shutdown flushes the SDK last, after servers have drained.
  (globalThis as Record<symbol, unknown>)[Symbol.for("turnleaf.telemetry.shutdown")] = () => sdk.shutdown();
}
