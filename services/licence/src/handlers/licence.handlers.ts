import type { LicenceService } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import { DomainError, message } from "@turnleaf/kit";
import type { SigningKey } from "../domain/signing-key.js";
import type { FeedbackDesk } from "./feedback-desk.js";
import type { LicenceDesk } from "./licence-desk.js";
import { answerMessage, askerFrom } from "./proto-views.js";

/** The desktop tool's questions, as the gateway relays them. */
export function licenceHandlers(
  desk: LicenceDesk,
  signingKey: SigningKey,
  feedback?: FeedbackDesk,
): ServiceImplementation<typeof LicenceService> {
  return {
    async getSigningKey() {
      return { keyId: signingKey.keyId, publicKeyPem: signingKey.publicKeyPem };
    },
    async register(request) {
      const answer = await desk.register(request, askerFrom(request.caller, "desktop"));
      return { answer: answerMessage(answer) };
    },
    async registerOffline(request) {
      const answer = await desk.registerOffline(request.requestFile, askerFrom(request.caller, "account-page"));
      return { answer: answerMessage(answer) };
    },
    async getStatus(request) {
      return { answer: answerMessage(await desk.status(request, askerFrom(request.caller, "desktop"))) };
    },
    async deactivate(request) {
      return { answer: answerMessage(await desk.deactivate(request, askerFrom(request.caller, "desktop"))) };
    },
    async submitFeedback(request) {
      if (!feedback) throw new DomainError("UNAVAILABLE", message("feedback.unavailable"));
      const feedbackId = await feedback.submit(request, {
        clientAddress: request.caller?.clientAddress ?? "",
        accountId: request.caller?.accountId ?? "",
      });
      return { feedbackId };
    },
  };
}
