import { randomUUID } from "node:crypto";
import { DomainError, message } from "@turnleaf/kit";
import type { CustomPowerRepository } from "../data/custom-power.repository.js";
import type { PaymentsRepository } from "../data/payments.repository.js";
import { parkedKey } from "../data/plan.schema.js";
import type { PowerRepository } from "../data/power.repository.js";
import type { PowerEventDocument } from "../data/power-event.schema.js";
import type { BookSlotRepository, PlanRepository } from "../data/quota.repositories.js";
import { roleMayUpload, roleRefusalMessage, uploadBook } from "../domain/features.js";
import { requireNumericId } from "../domain/ids.js";
import { ledgerEntry } from "../domain/ledger-entry.js";
import { newUserPlan, type Plan, type PlanKind, teamWithoutPlan, unpaidWarning } from "../domain/plans.js";
import { isTeamContext, type QuotaName, quotaForFolderType, quotas, userTypeFor } from "../domain/power-config.js";
import { decideUpload, freeSlot, limitInForce, refuseUpload, type UploadDecision } from "../domain/upload-power.js";

export interface PowerDeskDependencies {
  repository: PowerRepository;
  plans: PlanRepository;
  slots: BookSlotRepository;
  /** Team roles: whether a member's role may spend the team's points on an upload. */
  roles: Pick<CustomPowerRepository, "findRole">;
  now: () => Date;
  /** Where the new-user grant and operators' plans are entered in the user's ledger. */
  ledger?: PaymentsRepository;
}

export interface UploadAsker {
  userId: string;
  teamId: string;
  folderType: number;
  nonProductHost: boolean;
}

export interface AccountRef {
  userId: string;
  teamId: string;
}

/** Where an asker stands against the quota of an upload. */
export interface UploadStanding extends UploadDecision {
  account: string;
  userType: number;
  plan: Plan;
}

export interface AuditNote {
  actor: string;
  reason: string;
}

const bookKeyPattern = /^[A-Za-z0-9:_-]{1,200}$/;

/** "user:<id>" or "team:<id>", after checking the ids. */
export function accountOf(ref: AccountRef): { account: string; team: boolean } {
  const teamId = ref.teamId.trim();
  if (isTeamContext(teamId)) return { account: `team:${requireNumericId("teamId", teamId)}`, team: true };
  return { account: `user:${requireNumericId("userId", ref.userId)}`, team: false };
}

/**
 * The power desk: upload decisions against plans, the power config and overrides, and the hosted-book slots taken
 * and freed atomically. Rules live in domain/; this class orders the reads and writes around them.
 */
export class PowerDesk {
  constructor(private readonly deps: PowerDeskDependencies) {}

  /** The plan in force: a user account without one gets the new-user points once (insert-if-absent). */
  private async planOf(account: string, team: boolean, freePoints = true): Promise<Plan> {
    const found = await this.deps.plans.findPlan(account);
    if (found) return found;
    if (team) return teamWithoutPlan;
    const granted = freePoints ? newUserPlan() : { ...newUserPlan(), points: 0 };
    const none: Plan = { kind: "free", points: 0, vipExpiresAt: null };
    const entry = ledgerEntry(account, `free:new-user:${account}`, "free-points", none, granted, this.deps.now(), {
      detail: freePoints ? "new user" : "new user (no free points: too many sign-ups from its address)",
    });
    // The grant's ledger entry is parked in the plan's own insert and copied to the ledger after (a crash between
    // leaves it for the next start: PaymentsRepository.settleLedger).
    const parked = this.deps.ledger ? { pendingLedger: { [parkedKey(entry._id)]: entry } } : {};
    if (await this.deps.plans.insertPlanIfAbsent({ _id: account, ...granted, ...parked })) {
      await this.audit(account, "grant-new-user-points", `${granted.points} points`, {
        actor: "power",
        reason: freePoints ? "new user" : "new user; no free points: too many sign-ups from its address",
      });
      await this.deps.ledger?.settleLedger(account);
    }
    return (await this.deps.plans.findPlan(account)) ?? granted;
  }

  /**
   * A new account's plan, now rather than at its first upload: the same once-only, audited grant; without the
   * free points when its address already had its share of them.
   */
  async grantNewUserPlan(userId: string, freePoints = true): Promise<Plan> {
    return this.planOf(`user:${requireNumericId("userId", userId)}`, false, freePoints);
  }

  private async context(asker: UploadAsker) {
    const userId = requireNumericId("userId", asker.userId);
    const { account, team } = accountOf(asker);
    const user = await this.deps.repository.findUser(userId);
    if (!user) throw new DomainError("NOT_FOUND", message("userNotFound"), { details: { userId } });
    if (team) {
      const member = await this.deps.repository.findTeamMember(asker.teamId, userId);
      if (!member) {
        throw new DomainError("PERMISSION_DENIED", message("notTeamMember"), { details: { teamId: asker.teamId } });
      }
      // Spending the team's points is a power of the member's role (#33), not of membership alone.
      const role = await this.deps.roles.findRole(asker.teamId.trim(), member.roleId);
      if (!roleMayUpload(role?.powers ?? [])) {
        throw new DomainError("PERMISSION_DENIED", roleRefusalMessage(uploadBook), {
          restCode: "POWER_LIMIT",
          details: { feature: uploadBook.name, source: "role" },
        });
      }
    }
    const quota = quotaForFolderType(asker.folderType);
    const [plan, userOverride, teamOverride] = await Promise.all([
      this.planOf(account, team),
      this.deps.plans.findOverride(`user:${userId}`, quota),
      team ? this.deps.plans.findOverride(account, quota) : Promise.resolve(undefined),
    ]);
    const userType = userTypeFor({ uType: user.uType, teamId: asker.teamId, nonProductHost: asker.nonProductHost });
    return { userId, account, quota, plan, userType, overrides: { user: userOverride, team: teamOverride } };
  }

  /** May the asker begin an upload? Consumes nothing; an existing book's overwrite is not counted. */
  async checkUpload(asker: UploadAsker, existingBook: boolean): Promise<UploadStanding> {
    const context = await this.context(asker);
    const used = await this.deps.slots.count(context.account, context.quota);
    const decision = decideUpload({ ...context, used, existingBook, now: this.deps.now() });
    return { ...decision, account: context.account, userType: context.userType, plan: context.plan };
  }

  /**
   * Takes a slot of the asker's quota for the book key, or answers the one it holds. The unique index on
   * (account, quota, slot) arbitrates concurrent reservations: a loser reads again and tries the next free slot,
   * so at most `limit` books ever hold one.
   */
  async reserve(
    asker: UploadAsker,
    bookKey: string,
  ): Promise<{ standing: UploadStanding; slot: number; alreadyReserved: boolean }> {
    if (!bookKeyPattern.test(bookKey)) {
      throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "bookKey" }), {
        details: { field: "bookKey" },
      });
    }
    const context = await this.context(asker);
    const standingOf = (decision: UploadDecision) => ({
      ...decision,
      account: context.account,
      userType: context.userType,
      plan: context.plan,
    });
    for (let attempt = 0; attempt < 1000 + 3; attempt += 1) {
      const held = await this.deps.slots.findByKey(bookKey);
      if (held) {
        if (held.account !== context.account || held.quota !== context.quota) {
          throw new DomainError("CONFLICT", message("bookKeyTaken"), {
            details: { bookKey },
          });
        }
        // A retry answers the slot held, whatever changed since: it consumed once and is never refused now.
        const used = await this.deps.slots.count(context.account, context.quota);
        const inForce = limitInForce(context);
        const warning = held.pauseAt ? unpaidWarning(context.plan, held.reservedAt) : undefined;
        const decision = { ...inForce, quota: context.quota, used, warning };
        return { standing: standingOf({ ...decision, warning }), slot: held.slot, alreadyReserved: true };
      }
      const taken = await this.deps.slots.takenSlots(context.account, context.quota);
      const now = this.deps.now();
      const decision = decideUpload({ ...context, used: taken.length, existingBook: false, now });
      const slot = freeSlot(decision.limit, taken);
      if (slot === undefined) throw refuseUpload.overLimit(context.quota, decision.limit, taken.length);
      const inserted = await this.deps.slots.tryInsert({
        _id: `slot_${randomUUID().replaceAll("-", "")}`,
        account: context.account,
        quota: context.quota,
        slot,
        bookKey,
        userId: context.userId,
        reservedAt: now,
        pauseAt: decision.warning?.pauseAt ?? null,
      });
      if (inserted) {
        return { standing: standingOf({ ...decision, used: taken.length + 1 }), slot, alreadyReserved: false };
      }
    }
    throw new DomainError("CONFLICT", message("busyRetry"), { details: { bookKey } });
  }

  /** Frees the slot the book key holds in the account; answers whether there was one. */
  async release(ref: AccountRef, bookKey: string): Promise<boolean> {
    const { account } = accountOf(ref);
    if (!bookKeyPattern.test(bookKey)) return false;
    return this.deps.slots.releaseKey(account, bookKey);
  }

  async setPlan(ref: AccountRef, plan: Plan, note: AuditNote) {
    const { account } = accountOf(ref);
    checkPlan(plan);
    const stored = {
      _id: account,
      kind: plan.kind,
      points: plan.kind === "points" ? plan.points : 0,
      vipExpiresAt: plan.kind.startsWith("vip") ? plan.vipExpiresAt : null,
    };
    const before = (await this.deps.plans.findPlan(account)) ?? {
      kind: "free" as const,
      points: 0,
      vipExpiresAt: null,
    };
    const entry = ledgerEntry(account, undefined, "set-plan", before, stored, this.deps.now(), {
      source: "operator",
      detail: `${note.actor}: ${note.reason}`,
    });
    await this.deps.plans.putPlan(stored, this.deps.ledger ? entry : undefined);
    await this.deps.ledger?.settleLedger(account);
    const detail = `${stored.kind}${stored.kind === "points" ? ` ${stored.points} points` : ""}${
      stored.vipExpiresAt ? ` until ${stored.vipExpiresAt.toISOString()}` : ""
    }`;
    await this.audit(account, "set-plan", detail, note);
    return this.accountPower(ref);
  }

  async setOverride(ref: AccountRef, quota: QuotaName, limit: number | undefined, note: AuditNote) {
    const { account } = accountOf(ref);
    if (limit === undefined) {
      await this.deps.plans.removeOverride(account, quota);
      await this.audit(account, "remove-override", quota, note);
    } else {
      if (!Number.isInteger(limit) || limit < 0) {
        throw new DomainError("INVALID_ARGUMENT", message("field.atLeast", { field: "limit", min: 0 }), {
          details: { field: "limit" },
        });
      }
      await this.deps.plans.putOverride(account, quota, limit);
      await this.audit(account, "set-override", `${quota} = ${limit}`, note);
    }
    return this.accountPower(ref);
  }

  async accountPower(ref: AccountRef) {
    const { account } = accountOf(ref);
    const [plan, overrides, events, usage] = await Promise.all([
      this.deps.plans.findPlan(account),
      this.deps.plans.listOverrides(account),
      this.deps.plans.listEvents(account),
      Promise.all(quotas.map(async (quota) => ({ quota, used: await this.deps.slots.count(account, quota) }))),
    ]);
    return { account, plan, overrides, events, usage };
  }

  private async audit(account: string, action: PowerEventDocument["action"], detail: string, note: AuditNote) {
    await this.deps.plans.record({
      account,
      action,
      detail,
      actor: note.actor.slice(0, 200),
      reason: note.reason.slice(0, 1000),
      at: this.deps.now(),
    });
  }
}

const planKinds: readonly PlanKind[] = ["free", "points", "vip-monthly", "vip-annual"];

function checkPlan(plan: Plan): void {
  if (!planKinds.includes(plan.kind)) {
    throw new DomainError(
      "INVALID_ARGUMENT",
      message("field.oneOf", { field: "plan.kind", allowed: planKinds.join(", ") }),
      {
        details: { field: "plan.kind" },
      },
    );
  }
  if (plan.kind === "points" && !Number.isInteger(plan.points)) {
    throw new DomainError("INVALID_ARGUMENT", message("field.wholeNumber", { field: "plan.points" }), {
      details: { field: "plan.points" },
    });
  }
  if (plan.kind.startsWith("vip") && !plan.vipExpiresAt) {
    throw new DomainError("INVALID_ARGUMENT", message("vipNeedsExpiry"), {
      details: { field: "plan.vipExpiresAt" },
    });
  }
}
