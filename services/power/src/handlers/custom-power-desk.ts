import { type CodedMessageWire, codedToWire, DomainError, message } from "@turnleaf/kit";
import type { CustomPowerRepository } from "../data/custom-power.repository.js";
import type { PowerRepository } from "../data/power.repository.js";
import type { PlanRepository } from "../data/quota.repositories.js";
import {
  editBookSettings,
  type FeatureCode,
  type FeatureSource,
  featureCodes,
  featureInForce,
  featureRefusal,
  featureRefusalMessage,
  isFeatureCode,
  rolePermits,
  roleReachesBook,
  roleRefusalMessage,
  viewBook,
} from "../domain/features.js";
import { requireNumericId } from "../domain/ids.js";
import { newUserPlan, teamWithoutPlan } from "../domain/plans.js";
import { isTeamContext, quotas, userTypeFor } from "../domain/power-config.js";
import { limitInForce } from "../domain/upload-power.js";
import {
  applyUserMeta,
  bookLogoOf,
  thirdIdentityOf,
  type UserMeta,
  userMetaOf,
  userMetaPaths,
} from "../domain/user-meta.js";
import { type AccountRef, type AuditNote, accountOf } from "./power-desk.js";

export interface PowerAsker {
  userId: string;
  teamId: string;
  nonProductHost: boolean;
}

export interface FeatureCheck {
  allowed: boolean;
  denied: string;
  message: string;
  /** The refusal as a coded message (turnleaf.common.v1.CodedMessage); absent when allowed. */
  codedMessage?: CodedMessageWire;
  source: FeatureSource | "role" | "";
}

const notMember = (teamId: string) =>
  new DomainError("PERMISSION_DENIED", message("notTeamMember"), { details: { teamId } });

/**
 * Custom power: what is in force for a user (type, limits, gated features with the per-user and per-team
 * overrides), team roles and their power codes, the creation preferences, the book logo and third-party bindings.
 */
export class CustomPowerDesk {
  constructor(
    private readonly deps: {
      repository: PowerRepository;
      plans: PlanRepository;
      custom: CustomPowerRepository;
      now: () => Date;
    },
  ) {}

  private async member(teamId: string, userId: string) {
    const member = await this.deps.repository.findTeamMember(teamId, userId);
    if (!member) throw notMember(teamId);
    return member;
  }

  /** The asker's user type and the overrides that apply to them (their own, and in a team the team's). */
  private async standing(asker: PowerAsker) {
    const userId = requireNumericId("userId", asker.userId);
    const { account, team } = accountOf(asker);
    const user = await this.deps.repository.findUser(userId);
    if (!user) throw new DomainError("NOT_FOUND", message("userNotFound"), { details: { userId } });
    const member = team ? await this.member(asker.teamId, userId) : undefined;
    const [userFeatures, teamFeatures] = await Promise.all([
      this.deps.custom.listFeatureOverrides(`user:${userId}`),
      team ? this.deps.custom.listFeatureOverrides(account) : Promise.resolve([]),
    ]);
    const userType = userTypeFor({ uType: user.uType, teamId: asker.teamId, nonProductHost: asker.nonProductHost });
    const featureOverride = (list: typeof userFeatures, code: FeatureCode) =>
      list.find((entry) => entry.feature === code)?.allowed;
    const features = featureCodes.map((code) => ({
      code,
      ...featureInForce({
        code,
        userType,
        overrides: { user: featureOverride(userFeatures, code), team: featureOverride(teamFeatures, code) },
      }),
    }));
    return { userId, account, team, member, userType, features, userFeatures, teamFeatures };
  }

  /** get-user-custom-config: the type, limits and features in force and the custom overrides behind them. */
  async customPower(asker: PowerAsker) {
    const standing = await this.standing(asker);
    const plan =
      (await this.deps.plans.findPlan(standing.account)) ?? (standing.team ? teamWithoutPlan : newUserPlan());
    const [userQuotas, teamQuotas] = await Promise.all([
      this.deps.plans.listOverrides(`user:${standing.userId}`),
      standing.team ? this.deps.plans.listOverrides(standing.account) : Promise.resolve([]),
    ]);
    const quotasInForce = quotas.map((quota) => ({
      quota,
      ...limitInForce({
        quota,
        userType: standing.userType,
        plan,
        overrides: {
          user: userQuotas.find((entry) => entry.quota === quota)?.limit,
          team: teamQuotas.find((entry) => entry.quota === quota)?.limit,
        },
      }),
    }));
    const overrides = [
      ...userQuotas.map((entry) => ({ scope: "user", key: entry.quota, value: entry.limit })),
      ...teamQuotas.map((entry) => ({ scope: "team", key: entry.quota, value: entry.limit })),
      ...standing.userFeatures.map((entry) => ({ scope: "user", key: entry.feature, value: entry.allowed ? 1 : 0 })),
      ...standing.teamFeatures.map((entry) => ({ scope: "team", key: entry.feature, value: entry.allowed ? 1 : 0 })),
    ];
    return { userType: standing.userType, quotas: quotasInForce, features: standing.features, overrides };
  }

  /** The asker's role in a team and its power codes. */
  async teamRolePowers(userId: string, teamId: string) {
    const user = requireNumericId("userId", userId);
    if (!isTeamContext(teamId.trim())) {
      throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "team" }), {
        details: { field: "team" },
      });
    }
    const team = requireNumericId("teamId", teamId.trim());
    const member = await this.member(team, user);
    const role = await this.deps.custom.findRole(team, member.roleId);
    return {
      teamId: team,
      roleId: member.roleId,
      roleName: role?.roleName ?? member.roleName,
      powers: role?.powers ?? [],
    };
  }

  /**
   * May the asker use every feature named on a book by bookAuthorId? In a team the role must hold the
   * book-settings power first (selfKey for their own books or -1, otherKey for others'); then each feature's
   * type, user override and team override decide. Answers the first refusal with its catalogue text.
   */
  async checkFeatures(asker: PowerAsker, bookAuthorId: string, codes: readonly string[]): Promise<FeatureCheck> {
    const unknown = codes.find((code) => !isFeatureCode(code));
    if (unknown !== undefined) {
      throw new DomainError("INVALID_ARGUMENT", message("unknownFeature", { feature: unknown.slice(0, 50) }), {
        details: { field: "features" },
      });
    }
    const standing = await this.standing(asker);
    if (standing.member) {
      const role = await this.deps.custom.findRole(asker.teamId.trim(), standing.member.roleId);
      if (!rolePermits(role?.powers ?? [], editBookSettings, bookAuthorId || "-1", standing.userId)) {
        return {
          allowed: false,
          denied: editBookSettings.name,
          message: `no permission for function ${editBookSettings.name}, contact support to unlock`,
          codedMessage: codedToWire(roleRefusalMessage(editBookSettings)),
          source: "role",
        };
      }
    }
    for (const code of codes) {
      const feature = standing.features.find((entry) => entry.code === code);
      if (feature && !feature.allowed) {
        return {
          allowed: false,
          denied: code,
          message: featureRefusal(code as FeatureCode, feature.source),
          codedMessage: codedToWire(featureRefusalMessage(code as FeatureCode, feature.source)),
          source: feature.source,
        };
      }
    }
    return { allowed: true, denied: "", message: "", source: "" };
  }

  /**
   * May the user view or edit a book of the team by bookAuthorId? A non-member is answered `member: false` (the
   * caller treats the book as not theirs); a member by the role's power list.
   */
  async checkTeamBookAccess(userId: string, teamId: string, bookAuthorId: string, action: "view" | "edit") {
    const user = requireNumericId("userId", userId);
    if (!isTeamContext(teamId.trim())) {
      throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "team" }), {
        details: { field: "team" },
      });
    }
    const team = requireNumericId("teamId", teamId.trim());
    const member = await this.deps.repository.findTeamMember(team, user);
    if (!member) return { member: false, allowed: false, denied: "", message: "" };
    const role = await this.deps.custom.findRole(team, member.roleId);
    if (roleReachesBook(role?.powers ?? [], action, bookAuthorId.trim() || "-1", user)) {
      return { member: true, allowed: true, denied: "", message: "" };
    }
    const refused = action === "edit" ? editBookSettings : viewBook;
    return {
      member: true,
      allowed: false,
      denied: refused.name,
      message: `no permission for function ${refused.name}, contact support to unlock`,
      codedMessage: codedToWire(roleRefusalMessage(refused)),
    };
  }

  async setFeatureOverride(ref: AccountRef, feature: string, allowed: boolean | undefined, note: AuditNote) {
    const { account } = accountOf(ref);
    if (!isFeatureCode(feature)) {
      throw new DomainError("INVALID_ARGUMENT", message("unknownFeature", { feature: feature.slice(0, 50) }), {
        details: { field: "feature" },
      });
    }
    if (allowed === undefined) await this.deps.custom.removeFeatureOverride(account, feature);
    else await this.deps.custom.putFeatureOverride(account, feature, allowed);
    await this.deps.plans.record({
      account,
      action: allowed === undefined ? "remove-feature-override" : "set-feature-override",
      detail: allowed === undefined ? feature : `${feature} = ${allowed ? "allowed" : "denied"}`,
      actor: note.actor.slice(0, 200),
      reason: note.reason.slice(0, 1000),
      at: this.deps.now(),
    });
  }

  async setTeamRole(role: { teamId: string; roleId: string; roleName: string; powers: string[] }) {
    const teamId = requireNumericId("teamId", role.teamId);
    const roleId = requireNumericId("roleId", role.roleId);
    const powers = [...new Set(role.powers.map((power) => power.trim()))];
    if (powers.some((power) => !/^[A-Za-z0-9_]{1,64}$/.test(power)) || powers.length > 500) {
      throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "powers" }), {
        details: { field: "powers" },
      });
    }
    await this.deps.custom.putRole({ teamId, roleId, roleName: role.roleName.slice(0, 200), powers });
  }

  async setTeamMember(teamId: string, userId: string, roleId: string) {
    const team = requireNumericId("teamId", teamId);
    const role = await this.deps.custom.findRole(team, requireNumericId("roleId", roleId));
    if (!role) {
      throw new DomainError("FAILED_PRECONDITION", message("roleNotFound"), { details: { field: "roleId" } });
    }
    await this.deps.repository.upsertTeamMember({
      teamId: team,
      userId: requireNumericId("userId", userId),
      roleId: role.roleId,
      roleName: role.roleName,
    });
  }

  async userMeta(userId: string): Promise<UserMeta> {
    return userMetaOf(await this.deps.custom.findMeta(requireNumericId("userId", userId)));
  }

  async setUserMeta(userId: string, changes: Record<string, unknown>): Promise<UserMeta> {
    const id = requireNumericId("userId", userId);
    const current = userMetaOf(await this.deps.custom.findMeta(id));
    const next = applyUserMeta(current, changes);
    await this.deps.custom.setMetaPaths(id, userMetaPaths(current, next, Object.keys(changes)));
    return userMetaOf(await this.deps.custom.findMeta(id));
  }

  async updateBookLogo(userId: string, logo: string) {
    const user = await this.deps.repository.setBookLogo(requireNumericId("userId", userId), bookLogoOf(logo));
    if (!user) throw new DomainError("NOT_FOUND", message("userNotFound"));
    return user;
  }

  async bindThird(userId: string, provider: string, subject: string) {
    const id = requireNumericId("userId", userId);
    const identity = thirdIdentityOf(provider, subject);
    const inserted = await this.deps.custom.tryBind({ ...identity, userId: id, boundAt: this.deps.now() });
    const held = await this.deps.custom.findBinding(identity.provider, identity.subject);
    if (!held || held.userId !== id) {
      throw new DomainError("ALREADY_EXISTS", message("accountBoundElsewhere"), {
        details: { provider: identity.provider },
      });
    }
    return {
      binding: { provider: held.provider, subject: held.subject, userId: held.userId },
      alreadyBound: !inserted,
    };
  }

  /** Moves the other account's bindings (of one provider, or all) to the user. */
  async mergeThird(userId: string, fromUserId: string, provider: string) {
    const to = requireNumericId("userId", userId);
    const from = requireNumericId("fromUserId", fromUserId);
    if (to === from) {
      throw new DomainError("INVALID_ARGUMENT", message("mergeIntoItself"), {
        details: { field: "fromUserId" },
      });
    }
    const onlyProvider = provider.trim() === "" ? undefined : thirdIdentityOf(provider, "x").provider;
    const moved = [];
    for (const binding of await this.deps.custom.listBindings(from, onlyProvider)) {
      if (await this.deps.custom.moveBinding(binding._id, from, to, this.deps.now())) {
        moved.push({ provider: binding.provider, subject: binding.subject, userId: to });
      }
    }
    return moved;
  }
}
