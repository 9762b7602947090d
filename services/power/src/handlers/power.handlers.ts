import type { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, type ServiceImplementation } from "@turnleaf/kit";
import type { PowerRepository } from "../data/power.repository.js";
import { requireNumericId } from "../domain/ids.js";

export function powerHandlers(repository: PowerRepository): ServiceImplementation<typeof PowerService> {
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
  };
}
