import type { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, type ServiceImplementation } from "@turnleaf/kit";
import type { PowerRepository } from "../data/power.repository.js";
import { requireNumericId } from "../domain/ids.js";
import type { PowerDesk } from "./power-desk.js";
import { standingMessage, uploadAsker } from "./proto-views.js";

export function powerHandlers(
  repository: PowerRepository,
  desk: PowerDesk,
): ServiceImplementation<typeof PowerService> {
  return {
    async getUser(request) {
      const user = await repository.findUser(requireNumericId("userId", request.userId));
      if (!user) throw new DomainError("NOT_FOUND", "user not found");
      return { user };
    },
    async getTeamMember(request) {
      const member = await repository.findTeamMember(
        requireNumericId("teamId", request.teamId),
        requireNumericId("userId", request.userId),
      );
      if (!member) throw new DomainError("NOT_FOUND", "not a member of this team");
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
  };
}
