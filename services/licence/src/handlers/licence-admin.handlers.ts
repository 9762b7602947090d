import { timestampDate } from "@bufbuild/protobuf/wkt";
import type {
  LicenceAdminService,
  LicenceSelector as LicenceSelectorMessage,
} from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import { Edition } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import { refuse } from "../domain/refusals.js";
import type { Asker, LicenceDesk, LicenceSelector } from "./licence-desk.js";
import { activationMessage, answerMessage, eventMessage, licenceMessage } from "./proto-views.js";

const operator: Asker = { clientAddress: "", accountId: "", source: "operator" };

function selectorFrom(message: LicenceSelectorMessage | undefined): LicenceSelector {
  switch (message?.by.case) {
    case "licenceId":
      return { licenceId: message.by.value };
    case "licenceCode":
      return { licenceCode: message.by.value };
    default:
      throw refuse.parameter("licence", "name a licence by its id or its code");
  }
}

/** The operator's questions (the `turnleaf-licence` command); the gateway never calls these. */
export function licenceAdminHandlers(
  desk: LicenceDesk,
  now: () => Date,
): ServiceImplementation<typeof LicenceAdminService> {
  return {
    async issueLicence(request) {
      if (request.edition !== Edition.UNSPECIFIED && request.edition !== Edition.REGISTERED) {
        throw refuse.parameter("edition", "a licence unlocks the registered edition");
      }
      const issued = await desk.issue(
        {
          plan: request.plan,
          maxActivations: request.maxActivations,
          expiresAt: request.expiresAt ? timestampDate(request.expiresAt) : null,
          accountId: request.accountId,
        },
        operator,
      );
      return {
        licence: licenceMessage({ licence: issued.licence, owner: request.accountId || undefined }, now()),
        licenceCode: issued.licenceCode,
      };
    },
    async revokeLicence(request) {
      const view = await desk.revoke(selectorFrom(request.licence), request.reason, operator);
      return { licence: licenceMessage(view, now()) };
    },
    async setLicenceExpiry(request) {
      const expiresAt = request.expiresAt ? timestampDate(request.expiresAt) : null;
      const view = await desk.setExpiry(selectorFrom(request.licence), expiresAt, operator);
      return { licence: licenceMessage(view, now()) };
    },
    async getLicence(request) {
      const described = await desk.describe(selectorFrom(request.licence));
      return {
        licence: licenceMessage(described, now()),
        activations: described.activations.map(activationMessage),
        events: described.events.map(eventMessage),
      };
    },
    async issueOfflineAnswer(request) {
      return { answer: answerMessage(await desk.registerOffline(request.requestFile, operator)) };
    },
  };
}
