import { LicenceService } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import type { SigningKey } from "./domain/signing-key.js";
import { licenceHandlers } from "./handlers/licence.handlers.js";

export function buildServices(dependencies: { signingKey: SigningKey }): ServiceRegistration[] {
  return [serve(LicenceService, licenceHandlers(dependencies.signingKey))];
}
