/**
 * Loaded with `node --import @turnleaf/kit/telemetry-preload` before a service's main module so that
 * instrumentation can hook grpc-js, http and mongodb before they are imported (ESM has no other way). Only the
 * instrumentations of what the services use are installed (http, gRPC, the MongoDB driver and mongoose, undici for
 * fetch, pino for log correlation), not the whole auto-instrumentations bundle (83 MB of @opentelemetry in every
 * service, most of it for libraries none of them loads).
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
  const [http, grpc, mongodb, mongoose, undici, pino] = await Promise.all([
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-grpc"),
    import("@opentelemetry/instrumentation-mongodb"),
    import("@opentelemetry/instrumentation-mongoose"),
    import("@opentelemetry/instrumentation-undici"),
    import("@opentelemetry/instrumentation-pino"),
  ]);
  const sdk = new NodeSDK({
    instrumentations: [
      new http.HttpInstrumentation(),
      new grpc.GrpcInstrumentation(),
      new mongodb.MongoDBInstrumentation(),
      new mongoose.MongooseInstrumentation(),
      new undici.UndiciInstrumentation(),
      new pino.PinoInstrumentation(),
    ],
  });
  sdk.start();
  // The kit's graceful shutdown flushes the SDK last, after servers have drained.
  (globalThis as Record<symbol, unknown>)[Symbol.for("turnleaf.telemetry.shutdown")] = () => sdk.shutdown();
}
