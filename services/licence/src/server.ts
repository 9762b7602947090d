import { LicenceAdminService } from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import { LicenceService } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import type { SigningKey } from "./domain/signing-key.js";
import type { FeedbackDesk } from "./handlers/feedback-desk.js";
import { licenceHandlers } from "./handlers/licence.handlers.js";
import { licenceAdminHandlers } from "./handlers/licence-admin.handlers.js";
import type { LicenceDesk } from "./handlers/licence-desk.js";

export function buildServices(dependencies: {
  desk: LicenceDesk;
  signingKey: SigningKey;
  now: () => Date;
  /** The desktop tool's feedback store; without it SubmitFeedback answers UNIMPLEMENTED. */
  feedback?: FeedbackDesk;
}): ServiceRegistration[] {
  return [
    serve(LicenceService, licenceHandlers(dependencies.desk, dependencies.signingKey, dependencies.feedback)),
    serve(LicenceAdminService, licenceAdminHandlers(dependencies.desk, dependencies.now)),
  ];
}
