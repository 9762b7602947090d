import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * The gateway's one cookie parser and writer (@fastify/cookie): `request.cookies` holds the Cookie header's values
 * (the first of a name sent twice; percent-decoded, a value that is not valid percent-encoding kept as sent), and
 * `reply.setCookie`/`reply.clearCookie` write Set-Cookie. Registered before any hook that reads a cookie. Every
 * value the gateway sets is URL-safe (base64url tokens, digits and hex), so the default encoding leaves it as is.
 */
export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
}

/** Secure over https (the request's protocol, behind a trusted proxy its X-Forwarded-Proto), as every cookie here. */
const secure = "auto" as const;

/** The session cookie: HttpOnly, SameSite=Lax, Path=/, Max-Age the session's remaining seconds (0 without an end). */
export function setSessionCookie(reply: FastifyReply, name: string, token: string, expiresAt: Date | undefined): void {
  const maxAge = expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)) : 0;
  reply.setCookie(name, token, { path: "/", maxAge, httpOnly: true, sameSite: "lax", secure });
}

/** Ends the session cookie in the browser (Max-Age=0, Expires in 1970), with the attributes it was set with. */
export function clearSessionCookie(reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

/** A reader's grant to one book: only that book's pages (Path=/b/<link>) carry it. */
export function setGrantCookie(reply: FastifyReply, name: string, link: string, token: string, maxAge: number): void {
  reply.setCookie(name, token, { path: `/b/${link}`, maxAge, httpOnly: true, sameSite: "lax", secure });
}

/** A form page's double-submit token: SameSite=Strict, a session cookie (no Max-Age), for the form's path only. */
export function setFormTokenCookie(reply: FastifyReply, name: string, path: string, token: string): void {
  reply.setCookie(name, token, { path, httpOnly: true, sameSite: "strict", secure });
}
