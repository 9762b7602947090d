import { DomainError } from "@turnleaf/kit";
import type { FastifyRequest } from "fastify";

export interface Actor {
  userId: string;
}

/**
 * Resolves who is acting. Sessions arrive with the accounts issue; until then only a local stack's
 * DEV_ACTOR_USER_ID acts, and without it every call answers LOGIN_SIGNOUT.
 */
export function actorResolver(devActorUserId: string | undefined) {
  return (_request: FastifyRequest): Actor => {
    if (devActorUserId) return { userId: devActorUserId };
    throw new DomainError("UNAUTHENTICATED", "please log in");
  };
}
