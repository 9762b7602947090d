import type {
  AccountRef as AccountRefMessage,
  PowerAdminService,
} from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import type { CustomPowerDesk } from "./custom-power-desk.js";
import type { AccountRef, PowerDesk } from "./power-desk.js";
import { accountPowerMessage, planFromMessage, quotaName } from "./proto-views.js";

function accountRef(message: AccountRefMessage | undefined): AccountRef {
  return { userId: message?.userId ?? "", teamId: message?.teamId || "0" };
}

export function powerAdminHandlers(
  desk: PowerDesk,
  custom: CustomPowerDesk,
): ServiceImplementation<typeof PowerAdminService> {
  return {
    async setPlan(request) {
      const power = await desk.setPlan(accountRef(request.account), planFromMessage(request.plan), {
        actor: request.actor,
        reason: request.reason,
      });
      return { power: accountPowerMessage(power) };
    },
    async setQuotaOverride(request) {
      const power = await desk.setOverride(accountRef(request.account), quotaName(request.quota), request.limit, {
        actor: request.actor,
        reason: request.reason,
      });
      return { power: accountPowerMessage(power) };
    },
    async getAccountPower(request) {
      return { power: accountPowerMessage(await desk.accountPower(accountRef(request.account))) };
    },
    async setFeatureOverride(request) {
      await custom.setFeatureOverride(accountRef(request.account), request.feature, request.allowed, {
        actor: request.actor,
        reason: request.reason,
      });
      return {};
    },
    async setTeamRole(request) {
      await custom.setTeamRole(request);
      return {};
    },
    async setTeamMember(request) {
      await custom.setTeamMember(request.teamId, request.userId, request.roleId);
      return {};
    },
  };
}
