import type { ServiceRegistration } from "./grpc-registration.js";
import { createLogger, type Logger } from "./logger.js";
import { startMetricsServer } from "./metrics.js";
import { closeOnSignals, exitOnStartupFailure, type ShutdownStep } from "./shutdown.js";

/** The settings every gRPC service reads (each service's config schema includes them). */
export interface GrpcServiceSettings {
  LOG_LEVEL: string;
  GRPC_HOST: string;
  GRPC_PORT: number;
  SHUTDOWN_GRACE_MS: number;
  /** Where `GET /metrics` answers (Prometheus); unset: no metrics server. */
  METRICS_PORT?: number | undefined;
}

export interface ServiceParts {
  services: ServiceRegistration[];
  /** Closed after the gRPC server has drained, in order (e.g. NATS, then MongoDB). */
  resources: ShutdownStep[];
}

/**
 * The one start-up sequence of every gRPC service: read config (fail fast), create the logger, let the
 * service connect its stores and build its handlers, listen, report SERVING, and close everything on SIGTERM.
 */
export function runGrpcService<Config extends GrpcServiceSettings>(
  name: string,
  readConfig: () => Config,
  assemble: (config: Config, log: Logger) => Promise<ServiceParts>,
): void {
  const start = async () => {
    const config = readConfig();
    const log = createLogger({ service: name, level: config.LOG_LEVEL });
    const parts = await assemble(config, log);
    // The gRPC server's modules load once the service's own work has begun (a conversion replica takes jobs from
    // NATS, not from gRPC): they were about a third of a bundled service's import, before its first page.
    const { startGrpcServer } = await import("./grpc-server.js");
    const server = await startGrpcServer({
      host: config.GRPC_HOST,
      port: config.GRPC_PORT,
      services: parts.services,
      log,
    });
    const metrics =
      config.METRICS_PORT === undefined
        ? undefined
        : await startMetricsServer({ host: config.GRPC_HOST, port: config.METRICS_PORT, log });
    server.setServing(true);
    closeOnSignals(
      log,
      [
        { name: "grpc", close: () => server.stop(config.SHUTDOWN_GRACE_MS) },
        ...parts.resources,
        ...(metrics ? [{ name: "metrics", close: () => metrics.close() }] : []),
      ],
      config.SHUTDOWN_GRACE_MS,
    );
  };
  start().catch((error: unknown) => exitOnStartupFailure(name, error));
}
