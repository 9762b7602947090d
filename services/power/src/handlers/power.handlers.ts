import { type PowerService, TeamBookAction } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, message, type ServiceImplementation } from "@turnleaf/kit";
import type { PowerRepository } from "../data/power.repository.js";
import { powerConfigDocument } from "../domain/features.js";
import { requireNumericId } from "../domain/ids.js";
import type { CustomPowerDesk, PowerAsker } from "./custom-power-desk.js";
import type { PowerDesk } from "./power-desk.js";
import { standingMessage, uploadAsker } from "./proto-views.js";

function powerAsker(message: { userId: string; teamId: string; nonProductHost: boolean } | undefined): PowerAsker {
  return {
    userId: message?.userId ?? "",
    teamId: message?.teamId || "0",
    nonProductHost: message?.nonProductHost ?? false,
  };
}

const teamBookActions: Partial<Record<TeamBookAction, "view" | "edit">> = {
  [TeamBookAction.VIEW]: "view",
  [TeamBookAction.EDIT]: "edit",
};

/** A JSON object sent in a *_json field; anything else is the catalogue's 'Invalid JSON string'. */
function jsonObject(text: string, field: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field } });
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new DomainError("INVALID_ARGUMENT", message("field.jsonObject", { field }), { details: { field } });
  }
  return value as Record<string, unknown>;
}

export function powerHandlers(
  repository: PowerRepository,
  desk: PowerDesk,
  custom: CustomPowerDesk,
): ServiceImplementation<typeof PowerService> {
  const configJson = JSON.stringify(powerConfigDocument());
  return {
    async getUser(request) {
      const user = await repository.findUser(requireNumericId("userId", request.userId));
      if (!user) throw new DomainError("NOT_FOUND", message("userNotFound"));
      return { user };
    },
    async getTeamMember(request) {
      const member = await repository.findTeamMember(
        requireNumericId("teamId", request.teamId),
        requireNumericId("userId", request.userId),
      );
      if (!member) throw new DomainError("NOT_FOUND", message("notTeamMember"));
      return { member };
    },
    async checkUpload(request) {
      const standing = await desk.checkUpload(uploadAsker(request.asker), request.existingBook);
      return { standing: standingMessage(standing) };
    },
    async reserveBookSlot(request) {
      const reserved = await desk.reserve(uploadAsker(request.asker), request.bookKey);
      return {
        standing: standingMessage(reserved.standing),
        slot: reserved.slot,
        alreadyReserved: reserved.alreadyReserved,
      };
    },
    async releaseBookSlot(request) {
      return {
        released: await desk.release({ userId: request.userId, teamId: request.teamId || "0" }, request.bookKey),
      };
    },
    async getPowerConfig() {
      return { configJson };
    },
    async getCustomPower(request) {
      return custom.customPower(powerAsker(request.asker));
    },
    async getTeamRolePowers(request) {
      return custom.teamRolePowers(request.userId, request.teamId);
    },
    async checkFeatures(request) {
      return custom.checkFeatures(powerAsker(request.asker), request.bookAuthorId, request.features);
    },
    async checkTeamBookAccess(request) {
      const action = teamBookActions[request.action];
      if (!action) {
        throw new DomainError("INVALID_ARGUMENT", message("field.oneOf", { field: "action", allowed: "view, edit" }), {
          details: { field: "action" },
        });
      }
      return custom.checkTeamBookAccess(request.userId, request.teamId, request.bookAuthorId, action);
    },
    async getUserMeta(request) {
      return { metaJson: JSON.stringify(await custom.userMeta(request.userId)) };
    },
    async setUserMeta(request) {
      const meta = await custom.setUserMeta(request.userId, jsonObject(request.metaJson, "meta"));
      return { metaJson: JSON.stringify(meta) };
    },
    async updateUserBookLogo(request) {
      return { user: await custom.updateBookLogo(request.userId, request.logo) };
    },
    async bindThirdAccount(request) {
      return custom.bindThird(request.userId, request.provider, request.subject);
    },
    async mergeThirdAccount(request) {
      return { moved: await custom.mergeThird(request.userId, request.fromUserId, request.provider) };
    },
  };
}
