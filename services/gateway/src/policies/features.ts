import { codedFromWire, DomainError } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";
import { featuresNeeded, isNonProductHost, type UpdateBookChange } from "./feature-gates.js";

/**
 * Feature gates (spec 000 §6): whether the acting user may use a gated feature in the request's context (team,
 * host). Every rule is the power service's (CheckFeatures); this file asks it and refuses with POWER_LIMIT.
 */

/** The envelope code of a gated feature refused (spec 000 §8 "any other code": its msg is shown). */
export const powerLimitCode = "POWER_LIMIT";

const productHostsByApp = new WeakMap<FastifyInstance, readonly string[] | undefined>();

/** Whether the request came to a host outside the product's own (its user type is then forced to 32). */
export function nonProductHost(request: FastifyRequest): boolean {
  return isNonProductHost(request.hostname, productHostsByApp.get(request.server));
}

/**
 * Refuses (POWER_LIMIT, with the catalogue text) an update-book change that needs a gated feature the actor lacks
 * in the context (team, host); a team member's role must also hold the book-settings power. Asks nothing when the
 * change needs no feature.
 */
export async function assertFeaturesAllowed(
  request: FastifyRequest,
  peers: Peers,
  actor: Actor,
  change: UpdateBookChange & { teamId?: string | undefined; bookAuthorId?: string | undefined },
): Promise<void> {
  await assertFeaturesGranted(request, peers, actor, featuresNeeded(change), change.teamId, change.bookAuthorId);
}

/**
 * Refuses (POWER_LIMIT) unless the actor may use every named feature in the context (team, host). In a team the
 * role's book-settings power is checked for a book by `bookAuthorId` (the actor's own unless told otherwise).
 */
export async function assertFeaturesGranted(
  request: FastifyRequest,
  peers: Peers,
  actor: Actor,
  features: readonly string[],
  teamId: string | undefined = "0",
  bookAuthorId: string | undefined = actor.userId,
): Promise<void> {
  const team = teamId || "0";
  if (features.length === 0 && team === "0") return;
  const answer = await peers.power.checkFeatures({
    asker: { userId: actor.userId, teamId: team, nonProductHost: nonProductHost(request) },
    bookAuthorId: bookAuthorId || actor.userId,
    features: [...features],
  });
  if (!answer.allowed) {
    throw new DomainError("PERMISSION_DENIED", codedFromWire(answer.codedMessage) ?? answer.message, {
      restCode: powerLimitCode,
      details: { feature: answer.denied, source: answer.source },
    });
  }
}

/** The product's own host names (PRODUCT_HOSTS) for this app; unset: every host is the product's. */
export function setProductHosts(app: FastifyInstance, productHosts: readonly string[] | undefined): void {
  productHostsByApp.set(app, productHosts);
}
