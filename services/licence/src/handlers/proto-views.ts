import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type {
  ActivationSchema,
  LicenceEventSchema,
  LicenceSchema,
} from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import { LicenceEventAction, LicenceEventSource } from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import {
  ActivationChannel,
  type Caller,
  Edition,
  type LicenceAnswerSchema,
  LicenceState,
} from "@turnleaf/contracts/licence/v1/licence_service_pb";
import type { ActivationDocument } from "../data/activation.schema.js";
import type { LicenceEventDocument } from "../data/licence-event.schema.js";
import { licenceStateAt } from "../domain/licence-rules.js";
import type { Asker, LicenceView, SignedAnswer } from "./licence-desk.js";

const licenceStates = {
  active: LicenceState.ACTIVE,
  expired: LicenceState.EXPIRED,
  revoked: LicenceState.REVOKED,
} as const;

const channels = {
  online: ActivationChannel.ONLINE,
  offline: ActivationChannel.OFFLINE,
  "": ActivationChannel.UNSPECIFIED,
};

const eventActions = {
  issue: LicenceEventAction.ISSUE,
  activate: LicenceEventAction.ACTIVATE,
  reactivate: LicenceEventAction.REACTIVATE,
  deactivate: LicenceEventAction.DEACTIVATE,
  revoke: LicenceEventAction.REVOKE,
  "set-expiry": LicenceEventAction.SET_EXPIRY,
} as const;

const eventSources = {
  desktop: LicenceEventSource.DESKTOP,
  "account-page": LicenceEventSource.ACCOUNT_PAGE,
  operator: LicenceEventSource.OPERATOR,
} as const;

export function askerFrom(caller: Caller | undefined, source: Asker["source"]): Asker {
  return { clientAddress: caller?.clientAddress ?? "", accountId: caller?.accountId ?? "", source };
}

export function answerMessage({ signed, answer }: SignedAnswer): MessageInitShape<typeof LicenceAnswerSchema> {
  return {
    signed,
    licenceState: licenceStates[answer.licence.state],
    activationId: answer.activation?.id ?? "",
    serverTime: timestampFromDate(new Date(answer.serverTime)),
    validUntil: timestampFromDate(new Date(answer.validUntil)),
  };
}

export function licenceMessage({ licence, owner }: LicenceView, now: Date): MessageInitShape<typeof LicenceSchema> {
  return {
    licenceId: licence._id,
    codeHint: licence.codeHint,
    plan: licence.plan,
    edition: Edition.REGISTERED,
    expiresAt: licence.expiresAt ? timestampFromDate(licence.expiresAt) : undefined,
    maxActivations: licence.maxActivations,
    state: licenceStates[licenceStateAt({ ...licence, id: licence._id }, now)],
    accountId: owner ?? "",
    issuedAt: timestampFromDate(licence.issuedAt),
    revokedAt: licence.revokedAt ? timestampFromDate(licence.revokedAt) : undefined,
    revokeReason: licence.revokeReason,
  };
}

export function activationMessage(activation: ActivationDocument): MessageInitShape<typeof ActivationSchema> {
  return {
    activationId: activation._id,
    terminalLabel: activation.terminalLabel,
    terminalHint: activation.terminalComponents[0] ?? "",
    channel: channels[activation.channel],
    activatedAt: timestampFromDate(activation.activatedAt),
    lastSeenAt: timestampFromDate(activation.lastSeenAt),
  };
}

export function eventMessage(event: LicenceEventDocument): MessageInitShape<typeof LicenceEventSchema> {
  return {
    at: timestampFromDate(event.at),
    action: eventActions[event.action],
    activationId: event.activationId,
    terminalKey: event.terminalKey,
    channel: channels[event.channel],
    source: eventSources[event.source],
    accountId: event.accountId,
    clientAddress: event.clientAddress,
    detail: event.detail,
  };
}
