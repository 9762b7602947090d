import { ConversionService } from "@turnleaf/contracts/conversion/v1/conversion_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit/grpc-registration";
import type { NatsConnection } from "@turnleaf/kit/nats";
import { conversionHandlers } from "./handlers/conversion.handlers.js";

export function buildServices(dependencies: { nats: NatsConnection }): ServiceRegistration[] {
  return [serve(ConversionService, conversionHandlers(dependencies.nats))];
}
