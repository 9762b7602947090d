import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { AccountPowerSchema, Plan as PlanMessage } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import {
  PlanKind as PlanKindEnum,
  Quota,
  type UploadAsker as UploadAskerMessage,
  type UploadStandingSchema,
} from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, message } from "@turnleaf/kit";
import type { PlanDocument } from "../data/plan.schema.js";
import type { PowerEventDocument } from "../data/power-event.schema.js";
import type { QuotaOverrideDocument } from "../data/quota-override.schema.js";
import type { Plan, PlanKind } from "../domain/plans.js";
import type { QuotaName } from "../domain/power-config.js";
import type { UploadAsker, UploadStanding } from "./power-desk.js";

const quotaByName: Record<QuotaName, Quota> = { BOOK_FILE_NUM: Quota.BOOK_FILE_NUM, PUB_BOOK_NUM: Quota.PUB_BOOK_NUM };
const planKindByName: Record<PlanKind, PlanKindEnum> = {
  free: PlanKindEnum.FREE,
  points: PlanKindEnum.POINTS,
  "vip-monthly": PlanKindEnum.VIP_MONTHLY,
  "vip-annual": PlanKindEnum.VIP_ANNUAL,
};

export function quotaMessage(quota: QuotaName): Quota {
  return quotaByName[quota];
}

export function quotaName(quota: Quota): QuotaName {
  if (quota === Quota.BOOK_FILE_NUM) return "BOOK_FILE_NUM";
  if (quota === Quota.PUB_BOOK_NUM) return "PUB_BOOK_NUM";
  throw new DomainError(
    "INVALID_ARGUMENT",
    message("field.oneOf", { field: "quota", allowed: "BOOK_FILE_NUM, PUB_BOOK_NUM" }),
    {
      details: { field: "quota" },
    },
  );
}

export function planKindMessage(kind: PlanKind): PlanKindEnum {
  return planKindByName[kind];
}

export function planKindName(kind: PlanKindEnum): PlanKind {
  const found = (Object.entries(planKindByName) as [PlanKind, PlanKindEnum][]).find(([, value]) => value === kind);
  if (!found) {
    throw new DomainError(
      "INVALID_ARGUMENT",
      message("field.oneOf", { field: "plan.kind", allowed: "free, points, vip-monthly, vip-annual" }),
      {
        details: { field: "plan.kind" },
      },
    );
  }
  return found[0];
}

export function uploadAsker(message: UploadAskerMessage | undefined): UploadAsker {
  return {
    userId: message?.userId ?? "",
    teamId: message?.teamId || "0",
    folderType: message?.folderType ?? 0,
    nonProductHost: message?.nonProductHost ?? false,
  };
}

export function standingMessage(standing: UploadStanding): MessageInitShape<typeof UploadStandingSchema> {
  return {
    quota: quotaByName[standing.quota],
    limit: standing.limit,
    limitSource: standing.source,
    used: standing.used,
    userType: standing.userType,
    plan: planKindByName[standing.plan.kind],
    account: standing.account,
    ...(standing.warning
      ? {
          warning: {
            code: standing.warning.code,
            message: standing.warning.message,
            pauseAt: timestampFromDate(standing.warning.pauseAt),
          },
        }
      : {}),
  };
}

export function planFromMessage(message: PlanMessage | undefined): Plan {
  return {
    kind: planKindName(message?.kind ?? PlanKindEnum.UNSPECIFIED),
    points: message?.points ?? 0,
    vipExpiresAt: message?.vipExpiresAt ? timestampDate(message.vipExpiresAt) : null,
  };
}

export function accountPowerMessage(power: {
  account: string;
  plan: PlanDocument | null;
  overrides: QuotaOverrideDocument[];
  events: PowerEventDocument[];
  usage: { quota: QuotaName; used: number }[];
}): MessageInitShape<typeof AccountPowerSchema> {
  return {
    account: power.account,
    ...(power.plan
      ? {
          plan: {
            kind: planKindByName[power.plan.kind],
            points: power.plan.points,
            ...(power.plan.vipExpiresAt ? { vipExpiresAt: timestampFromDate(power.plan.vipExpiresAt) } : {}),
          },
        }
      : {}),
    overrides: power.overrides.map((override) => ({ quota: quotaByName[override.quota], limit: override.limit })),
    usage: power.usage.map((usage) => ({ quota: quotaByName[usage.quota], used: usage.used })),
    events: power.events.map((event) => ({
      action: event.action,
      detail: event.detail,
      actor: event.actor,
      reason: event.reason,
      at: timestampFromDate(event.at),
    })),
  };
}
