import type { FeatureInForce, QuotaInForce } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { assertFeaturesAllowed, nonProductHost, setProductHosts } from "../policies/features.js";
import { teamIdField } from "./schemas.js";

/**
 * Spec 000 §6–7 and spec 001 §7: the power config resource, custom power, team role powers, user meta, the user's
 * book logo and third-party account bindings; and the gated-feature check update-book makes. Every rule is the
 * power service's; this file reads forms and shapes replies. Reference: services/gateway/rest/power.md.
 */

const wholeNumber = { type: "string", pattern: "^[0-9]{1,20}$" } as const;

function quotasView(quotas: readonly QuotaInForce[]) {
  return Object.fromEntries(quotas.map((quota) => [quota.quota, { limit: quota.limit, source: quota.source }]));
}

function featuresView(features: readonly FeatureInForce[]) {
  return Object.fromEntries(
    features.map((feature) => [feature.code, { allowed: feature.allowed, source: feature.source }]),
  );
}

const invalidJson = (field: string) =>
  new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field } });

/** The user-meta preference fields as forms carry them (pdfImportConfig as JSON text). */
const metaFields = [
  "cb_renderType",
  "cb_vectorType",
  "cb_qualityDpi",
  "pdfImportConfig",
  "cb_cutType",
  "cb_autoCreate",
  "never_show_privacy_tips",
] as const;

export function registerPowerRoutes(app: FastifyInstance, peers: Peers, productHosts?: readonly string[]): void {
  setProductHosts(app, productHosts);

  // The power limits per user type, served as the editor's static resource (not an envelope: a JSON file).
  app.get("/resourceFiles/manage/power/powerConfig.json", async (_request, reply) => {
    const { configJson } = await peers.power.getPowerConfig({});
    return reply
      .type("application/json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(configJson);
  });

  app.post<{ Body: { teamId?: string } | undefined }>(
    "/api/power/get-user-custom-config",
    { schema: { body: { type: ["object", "null"], properties: { teamId: teamIdField } } } },
    async (request) => {
      const actor = actorOf(request);
      const teamId = request.body?.teamId || "0";
      const power = await peers.power.getCustomPower({
        asker: { userId: actor.userId, teamId, nonProductHost: nonProductHost(request) },
      });
      const custom = (scope: string) =>
        Object.fromEntries(
          power.overrides.filter((entry) => entry.scope === scope).map((entry) => [entry.key, entry.value]),
        );
      return okEnvelope({
        teamId,
        userType: power.userType,
        quotas: quotasView(power.quotas),
        features: featuresView(power.features),
        custom: { user: custom("user"), team: custom("team") },
      });
    },
  );

  app.post<{ Body: { team: string } }>(
    "/api/team/get-team-role-power-config",
    { schema: { body: { type: "object", required: ["team"], properties: { team: wholeNumber } } } },
    async (request) => {
      const actor = actorOf(request);
      const role = await peers.power.getTeamRolePowers({ userId: actor.userId, teamId: request.body.team });
      return okEnvelope({ teamId: role.teamId, roleId: role.roleId, roleName: role.roleName, powers: role.powers });
    },
  );

  app.post("/api/user/get-user-meta", async (request) => {
    const actor = actorOf(request);
    const { metaJson } = await peers.power.getUserMeta({ userId: actor.userId });
    return okEnvelope(JSON.parse(metaJson) as Record<string, unknown>);
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    "/api/user/set-user-meta",
    {
      schema: {
        body: {
          type: ["object", "null"],
          // Unknown fields travel on: the power service refuses them by name ('unknown preference X').
          properties: Object.fromEntries(
            metaFields.map((field) => [
              field,
              { type: "string", maxLength: field === "pdfImportConfig" ? 10_000 : 20 },
            ]),
          ),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const changes: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(request.body ?? {})) {
        if (field !== "pdfImportConfig" || typeof value !== "string") {
          changes[field] = value;
          continue;
        }
        try {
          changes[field] = JSON.parse(value);
        } catch {
          throw invalidJson(field);
        }
      }
      const { metaJson } = await peers.power.setUserMeta({ userId: actor.userId, metaJson: JSON.stringify(changes) });
      return okEnvelope(JSON.parse(metaJson) as Record<string, unknown>);
    },
  );

  app.post<{ Body: { logo: string } }>(
    "/api/user/update-user-book-logo",
    {
      schema: {
        body: { type: "object", required: ["logo"], properties: { logo: { type: "string", maxLength: 2000 } } },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // The logo is a gated feature (spec 000 §6): the same check as update-book's logo settings.
      if (request.body.logo.trim() !== "") {
        await assertFeaturesAllowed(request, peers, actor, { bookConfig: { bookLogo: request.body.logo } });
        // Measured like a book's logo (spec 000 §5): its bytes, stored or fetched from another site, not the editor's word.
        await peers.book.checkLogo({ userId: actor.userId, url: request.body.logo });
      }
      const { user } = await peers.power.updateUserBookLogo({ userId: actor.userId, logo: request.body.logo });
      return okEnvelope({ bookLogo: user?.bookLogo ?? "" });
    },
  );

  const identity = {
    provider: { type: "string", minLength: 1, maxLength: 32 },
    subject: { type: "string", minLength: 1, maxLength: 200 },
  } as const;

  app.post<{ Body: { provider: string; subject: string } }>(
    "/api/third/bind-account",
    { schema: { body: { type: "object", required: ["provider", "subject"], properties: identity } } },
    async (request) => {
      const actor = actorOf(request);
      const bound = await peers.power.bindThirdAccount({
        userId: actor.userId,
        provider: request.body.provider,
        subject: request.body.subject,
      });
      return okEnvelope({
        provider: bound.binding?.provider ?? "",
        subject: bound.binding?.subject ?? "",
        userId: bound.binding?.userId ?? "",
        alreadyBound: bound.alreadyBound,
      });
    },
  );

  app.post<{ Body: { otherToken: string; provider?: string } }>(
    "/api/third/merge-third-account",
    {
      schema: {
        body: {
          type: "object",
          required: ["otherToken"],
          properties: {
            otherToken: { type: "string", minLength: 1, maxLength: 200 },
            provider: { type: "string", maxLength: 32 },
          },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // Proof of the other account: its own live session (a token from logging in to it), resolved like a cookie.
      // A refused other session must not read as this session's LOGIN_SIGNOUT: it is a plain ERROR.
      const refusedOther = new DomainError("PERMISSION_DENIED", message("otherSessionInvalid"), {
        details: { field: "otherToken" },
      });
      const other = await peers.account.resolveSession({ token: request.body.otherToken }).catch(() => {
        throw refusedOther;
      });
      const fromUserId = other.session?.userId ?? other.user?.userId ?? "";
      if (!fromUserId) throw refusedOther;
      const { moved } = await peers.power.mergeThirdAccount({
        userId: actor.userId,
        fromUserId,
        provider: request.body.provider ?? "",
      });
      return okEnvelope({
        fromUserId,
        moved: moved.map((binding) => ({ provider: binding.provider, subject: binding.subject })),
      });
    },
  );
}
