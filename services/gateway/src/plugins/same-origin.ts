import type { Envelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The paths the rule guards: the REST API and the login form's post. */
function guarded(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return path.startsWith("/api/") || path === "/login.php";
}

function originOf(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing request may come from where it says it comes from: the Origin header (else the
 * Referer's origin) must name the request's own host or one of the allowed origins. A request with neither
 * header (curl, the desktop tool, the CLI) passes: browsers always send Origin on a cross-site form POST.
 */
export function sameOriginVerdict(
  request: Pick<FastifyRequest, "headers" | "host">,
  allowedOrigins: readonly string[],
): "pass" | "refuse" {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed = typeof origin === "string" ? origin : typeof referer === "string" ? referer : undefined;
  if (claimed === undefined) return "pass";
  // "null" (sandboxed frames, privacy redirects) and anything unparseable name no site: refused.
  const url = originOf(claimed);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return "refuse";
  if (url.host.toLowerCase() === request.host.toLowerCase()) return "pass";
  return allowedOrigins.includes(url.origin.toLowerCase()) ? "pass" : "refuse";
}

/** Cross-site form posts refused: HTTP 403 with the envelope, before the body is read or any service called. */
export function registerSameOriginRule(app: FastifyInstance, allowedOrigins: readonly string[] = []): void {
  const allowed = allowedOrigins.map((origin) => origin.toLowerCase().replace(/\/+$/, ""));
  app.addHook("onRequest", async (request, reply) => {
    if (!stateChanging.has(request.method) || !guarded(request.url)) return;
    if (sameOriginVerdict(request, allowed) === "pass") return;
    request.log.warn({ origin: request.headers.origin ?? null, url: request.url }, "cross-site request refused");
    const msg = "cross-site request refused";
    return reply.status(403).send({ code: "ERROR", data: null, msg, status: "0", mess: msg } satisfies Envelope);
  });
}
