import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type LicenceAnswer, LicenceState } from "@turnleaf/contracts/licence/v1/licence_service_pb";

const stateNames: Record<LicenceState, string> = {
  [LicenceState.UNSPECIFIED]: "",
  [LicenceState.ACTIVE]: "active",
  [LicenceState.EXPIRED]: "expired",
  [LicenceState.REVOKED]: "revoked",
};

/**
 * The `data` of a licence reply. `licence` is the signed answer (TLLIC1…): the desktop tool verifies it and keeps
 * it as its licence file, or saves it as the verification file; the other fields repeat what it says, for display.
 */
export function licenceAnswerView(answer: LicenceAnswer) {
  return {
    licence: answer.signed,
    state: stateNames[answer.licenceState],
    activationId: answer.activationId,
    serverTime: answer.serverTime ? timestampDate(answer.serverTime).toISOString() : "",
    validUntil: answer.validUntil ? timestampDate(answer.validUntil).toISOString() : "",
  };
}
