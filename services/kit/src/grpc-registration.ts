import type { DescService } from "@bufbuild/protobuf";
import type { Server } from "@grpc/grpc-js";
import type { ServiceImplementation, toGrpcHandlers, toGrpcServiceDefinition } from "./grpc.js";
import type { Logger } from "./logger.js";

/** What a gRPC server needs to turn a registration into a service (grpc.ts's adapters, handed in by the server). */
export interface GrpcAdapters {
  toGrpcServiceDefinition: typeof toGrpcServiceDefinition;
  toGrpcHandlers: typeof toGrpcHandlers;
}

export interface ServiceRegistration {
  service: DescService;
  register(server: Server, log: Logger, adapters: GrpcAdapters): void;
}

/**
 * Pairs a service descriptor with its typed implementation (checked against the descriptor at compile time). It
 * loads no gRPC module: a service's handlers are wired before its server starts, and the server's modules (gRPC,
 * health, reflection: about a third of a bundled service's import) load after the service's own work has begun.
 */
export function serve<S extends DescService>(
  service: S,
  implementation: ServiceImplementation<S>,
): ServiceRegistration {
  return {
    service,
    register(server, log, adapters) {
      server.addService(
        adapters.toGrpcServiceDefinition(service),
        adapters.toGrpcHandlers(service, implementation, log),
      );
    },
  };
}
