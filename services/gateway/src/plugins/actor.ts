import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { User } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, message } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import { accessOf } from "../routes/route-table.js";

export interface Actor {
  userId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Who is acting, set by the actor hook before the handler (registerSessions); undefined on public paths. */
    actor: Actor | undefined;
  }
}

/** The session cookie: HttpOnly, SameSite=Lax, Path=/, Secure over https; its value is the power service's token. */
export const sessionCookieName = "tl_session";

/** What the session hook found for a request with a session cookie. */
type SessionState =
  | { kind: "session"; actor: Actor; user: User | undefined; expiresAt: Date | undefined }
  | { kind: "refused"; error: unknown };

const states = new WeakMap<FastifyRequest, SessionState>();

/**
 * The session cookie's token. A value that is not valid percent-encoding (a tampered or truncated cookie) is kept
 * as sent: no session has such a token, so the request answers LOGIN_SIGNOUT rather than failing.
 */
export function sessionToken(request: Pick<FastifyRequest, "cookies">): string | undefined {
  // @fastify/cookie decodes the value, and keeps one that does not decode as sent.
  return request.cookies?.[sessionCookieName] || undefined;
}

/** Paths that never act as a user: the hosted reader, health, the login form. A session cookie is not resolved there. */
function actsAsUser(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return !(path.startsWith("/b/") || path === "/healthz" || path === "/login.php" || path === "/checkAccount.php");
}

export type ActorResolver = (request: FastifyRequest) => Actor;

/**
 * Resolves who is acting. A request with the session cookie acts as the session's user: the power service
 * resolves the cookie before the handler runs (an onRequest hook); a preHandler hook sets `request.actor` or refuses
 * the request by the route table's access column (routes/route-table.ts), so handlers read `actorOf(request)`. An unknown or
 * ended session answers LOGIN_SIGNOUT, an expired one LOGIN_TIMEOUT. Only a request WITHOUT a session cookie
 * may fall back to a local stack's DEV_ACTOR_USER_ID; without it such requests answer LOGIN_SIGNOUT.
 */
export function registerSessions(
  app: FastifyInstance,
  options: { account: Peers["account"]; devActorUserId: string | undefined },
): ActorResolver {
  app.addHook("onRequest", async (request) => {
    const token = sessionToken(request);
    if (token === undefined || !actsAsUser(request.url)) return;
    try {
      const { session, user } = await options.account.resolveSession({ token });
      const userId = session?.userId ?? user?.userId ?? "";
      if (!userId) throw new DomainError("UNAUTHENTICATED", message("pleaseLogIn"));
      states.set(request, {
        kind: "session",
        actor: { userId },
        user,
        expiresAt: session?.expiresAt ? timestampDate(session.expiresAt) : undefined,
      });
    } catch (error) {
      states.set(request, { kind: "refused", error });
    }
  });

  const resolve: ActorResolver = (request) => {
    const state = states.get(request);
    if (state?.kind === "session") return state.actor;
    if (state?.kind === "refused") throw state.error;
    if (sessionToken(request) !== undefined) throw new DomainError("UNAUTHENTICATED", message("pleaseLogIn"));
    if (options.devActorUserId) return { userId: options.devActorUserId };
    throw new DomainError("UNAUTHENTICATED", message("pleaseLogIn"));
  };

  // The actor, once, before every handler (after the body is parsed and validated, as the handlers asked before):
  // who may call each path is the route table's access column; every path not public (or a reader's, a Connect
  // stream's) is refused here without a live session: LOGIN_SIGNOUT, or LOGIN_TIMEOUT for an expired one.
  app.decorateRequest("actor", undefined);
  app.addHook("preHandler", async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return; // no route: the 404 answer
    const access = accessOf(request.method, url);
    if (access === "public" || access === "reader" || access === "connect") return;
    if (access === "optional") {
      try {
        request.actor = resolve(request);
      } catch {
        // Anyone may call: without a live session the request goes on as no one.
      }
      return;
    }
    request.actor = resolve(request);
  });
  return resolve;
}

/**
 * The acting user of a path that needs one: the actor hook set it before the handler ran. Absent (a path the route
 * table lists as public or optional, called without a session): "please log in".
 */
export function actorOf(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  throw new DomainError("UNAUTHENTICATED", message("pleaseLogIn"));
}

/** The session's user as the power service answered it, when the request acts through a session. */
export function sessionUser(
  request: FastifyRequest,
): { user: User | undefined; expiresAt: Date | undefined } | undefined {
  const state = states.get(request);
  return state?.kind === "session" ? { user: state.user, expiresAt: state.expiresAt } : undefined;
}
