import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import type { PowerRepository } from "./data/power.repository.js";
import { powerHandlers } from "./handlers/power.handlers.js";

export function buildServices(dependencies: { repository: PowerRepository }): ServiceRegistration[] {
  return [serve(PowerService, powerHandlers(dependencies.repository))];
}
