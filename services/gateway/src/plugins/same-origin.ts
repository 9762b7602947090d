import { randomBytes, timingSafeEqual } from "node:crypto";
import { DomainError, message } from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { setFormTokenCookie } from "./cookies.js";
import { errorEnvelopeFor } from "./message-texts.js";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A request path as the router may resolve it: percent-escapes decoded (again while they decode to more), doubled
 * slashes collapsed, lower case, no query. `/%61pi//Book/update-book` is `/api/book/update-book`. The rule itself
 * guards every state-changing request whatever its path; the normal form decides what a path is (the login form).
 */
export function normalisedPath(url: string): string {
  let path = url.split("?")[0] ?? "";
  for (let round = 0; round < 3 && path.includes("%"); round += 1) {
    const decoded = path.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    path = decoded;
  }
  return path.replace(/[/\\]{2,}/g, "/").toLowerCase();
}

function originOf(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const header = (request: Pick<FastifyRequest, "headers">, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether a state-changing request may come from where it says it comes from. The Origin header (else the
 * Referer's origin) must name the request's own host or one of the allowed origins; a browser's Sec-Fetch-Site of
 * "cross-site" or "same-site" (a sibling subdomain) is refused unless the origin is an allowed one. A request with
 * none of these headers (curl, the desktop tool, the CLI) passes: browsers always send them on a cross-site POST.
 */
export function sameOriginVerdict(
  request: Pick<FastifyRequest, "headers" | "host">,
  allowedOrigins: readonly string[],
): "pass" | "refuse" {
  const origin = header(request, "origin");
  const referer = header(request, "referer");
  const fetchSite = header(request, "sec-fetch-site")?.toLowerCase();
  const claimed = origin ?? referer;
  const url = claimed === undefined ? undefined : originOf(claimed);
  const allowed = url !== undefined && allowedOrigins.includes(url.origin.toLowerCase());
  if (fetchSite === "cross-site" || fetchSite === "same-site") return allowed ? "pass" : "refuse";
  if (claimed === undefined) return "pass";
  // "null" (sandboxed frames, privacy redirects) and anything unparseable name no site: refused.
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return "refuse";
  if (url.host.toLowerCase() === request.host.toLowerCase()) return "pass";
  return allowed ? "pass" : "refuse";
}

/** The refusal in the request's interface language (the same coded text the reader's own posts answer). */
export async function crossSiteRefusal(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const refused = new DomainError("PERMISSION_DENIED", message("reader.crossSite"));
  return reply.status(403).send(await errorEnvelopeFor(request, refused));
}

/**
 * Cross-site state-changing requests refused on every path (HTTP 403 with the envelope), before the body is read or
 * any service called. One rule for all paths, so no spelling of a path (encoded, doubled slashes, upper case) can
 * slip past a list of guarded prefixes.
 */
export function registerSameOriginRule(app: FastifyInstance, allowedOrigins: readonly string[] = []): void {
  const allowed = allowedOrigins.map((origin) => origin.toLowerCase().replace(/\/+$/, ""));
  app.addHook("onRequest", async (request, reply) => {
    if (!stateChanging.has(request.method)) return;
    if (sameOriginVerdict(request, allowed) === "pass") return;
    request.log.warn(
      { origin: request.headers.origin ?? null, path: normalisedPath(request.url) },
      "cross-site request refused",
    );
    return crossSiteRefusal(request, reply);
  });
}

/** The cookie holding a form's token (double submit): SameSite=Strict, so no other site's post carries it. */
export const formTokenCookieName = "tl_form";
export const formTokenField = "form_token";

/** A fresh token for a form page, set as the cookie; the page puts the same value in a hidden field. */
export function issueFormToken(reply: FastifyReply, path: string): string {
  const token = randomBytes(24).toString("base64url");
  setFormTokenCookie(reply, formTokenCookieName, path, token);
  return token;
}

/**
 * Whether a form post carries its page's token. Only browsers are asked for it (a request with Origin, Referer
 * or Sec-Fetch-* headers): what posts without them is no victim's browser, and the desktop tool has no form page.
 */
export function formTokenVerdict(request: FastifyRequest, submitted: unknown): "pass" | "refuse" {
  const fromBrowser = ["origin", "referer", "sec-fetch-site", "sec-fetch-mode"].some((name) => header(request, name));
  if (!fromBrowser) return "pass";
  const expected = request.cookies?.[formTokenCookieName];
  if (!expected || typeof submitted !== "string") return "refuse";
  const a = Buffer.from(expected);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b) ? "pass" : "refuse";
}
