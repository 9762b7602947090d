/**
 * The fuzz contract's plan (tests/contract/fuzz.test.ts): the requests for every registered route from the variants
 * of fuzz-inputs.ts, sent a few at a time, and the problems a reply may show (a 5xx, no envelope where one is
 * promised, a stack trace or an error's internals in the body).
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import {
  bodyVariants,
  fallbackFields,
  fieldsOf,
  made,
  queryVariants,
  random,
  urlsOf,
  type Variant,
} from "./fuzz-inputs.js";

function enveloped(path: string): boolean {
  if (path === "/b/:link/unlock" || path === "/b/:link/post-comment") return true;
  // The payment provider's webhooks answer the provider, not a client (rest/payments.md).
  if (path.startsWith("/api/payments/")) return false;
  return path.startsWith("/api/") || path === "/checkAccount.php";
}

/** The statistics and leads exports (services/gateway/rest/statistics.md, leads.md). */
const csvDownloads = new Set(["/api/insight/export-statistics", "/api/insight/export-leads"]);

const stackFrame =
  /\n\s+at \S|\bat (?:async )?\S+ \(?(?:file:|node:|\/)[^\s)]*:\d+:\d+\)?|node_modules\/|node:internal/;
const internals = /\b[A-Z]\w*Error: |\bError: /;
const envelopeKeys = ["code", "data", "mess", "msg", "status"];

function problemsOf(path: string, method: string, statusCode: number, contentType: string, body: string): string[] {
  const problems: string[] = [];
  // The readiness probe answers 503 with its report while a peer or store has not answered within 1.5 s, as on a
  // machine loaded by this test and another file's; the checks after the run require 200.
  const probeDegraded =
    path === "/healthz" && statusCode === 503 && (method === "HEAD" || /"status":"degraded"/.test(body));
  if (statusCode >= 500 && !probeDegraded) problems.push(`status ${statusCode}`);
  if (stackFrame.test(body)) problems.push("stack trace in body");
  if (method === "HEAD" || !enveloped(path)) return problems;
  // CSV downloads answer text/csv when they succeed (a refusal is still the envelope, checked below).
  if (csvDownloads.has(path) && statusCode === 200 && contentType.startsWith("text/csv")) return problems;
  let reply: Record<string, unknown>;
  try {
    reply = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return [...problems, `not JSON (${contentType})`];
  }
  if (!reply || typeof reply !== "object" || Array.isArray(reply)) return [...problems, "not an object"];
  const keys = Object.keys(reply).sort();
  if (keys.join() !== envelopeKeys.join()) problems.push(`keys ${keys.join()}`);
  for (const key of ["code", "msg", "status", "mess"]) {
    if (typeof reply[key] !== "string") problems.push(`${key} not a string`);
  }
  const msg = String(reply.msg ?? "");
  if (stackFrame.test(msg) || internals.test(msg)) problems.push(`msg leaks internals: ${msg.slice(0, 200)}`);
  // "unknown error" is what an unexpected exception answers: a fuzzed input must be refused with its own message.
  const messageKey = (reply.data as { messageKey?: unknown } | null)?.messageKey;
  if (msg === "unknown error" || messageKey === "unknownError") problems.push("an internal error answered");
  if (!contentType.startsWith("application/json")) problems.push(`content type ${contentType}`);
  return problems;
}

export interface Finding {
  request: string;
  problems: string[];
  reply: string;
}

export interface Planned {
  method: "GET" | "POST" | "HEAD";
  path: string;
  url: string;
  urlName: string;
  variant: Variant;
}

/**
 * The requests for every registered GET/POST/HEAD route (`routes`, as the gateway's onRoute hook collected them). `perField` adds each known field's wrong types, huge
 * values, broken JSON and odd texts; without it only the whole-request variants (bodies, content types, queries,
 * cookies) and the odd path parameters are sent.
 */
export function planOf(routes: RouteOptions[], perField: boolean): Planned[] {
  const planned: Planned[] = [];
  for (const route of routes) {
    const methods: string[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== "GET" && method !== "POST" && method !== "HEAD") continue;
      const path = route.url;
      const queryFields = fieldsOf(route.schema?.querystring);
      const bodyFields = fieldsOf(route.schema?.body);
      const variants =
        method === "POST"
          ? [
              ...bodyVariants(bodyFields.length > 0 ? bodyFields : fallbackFields, perField),
              ...queryVariants(queryFields, perField),
            ]
          : queryVariants(queryFields.length > 0 ? queryFields : fallbackFields, perField);
      const [plausibleUrl, ...oddUrls] = urlsOf(path);
      for (const variant of variants) {
        planned.push({ method, path, url: plausibleUrl?.url ?? path, urlName: "plausible", variant });
      }
      // The odd path parameters with a few whole-request variants each (no body, empty JSON, empty form).
      for (const url of oddUrls) {
        for (const variant of variants.slice(0, 3))
          planned.push({ method, path, url: url.url, urlName: url.name, variant });
      }
    }
  }
  return planned;
}

async function send(app: FastifyInstance, planned: Planned): Promise<Finding | undefined> {
  const { method, path, url, urlName, variant } = planned;
  const query = variant.query === undefined ? undefined : made(variant.query);
  const response = await app.inject({
    method,
    url: query ? `${url}?${query}` : url,
    headers: variant.headers ?? {},
    ...(variant.payload === undefined ? {} : { payload: made(variant.payload) }),
  });
  const contentType = String(response.headers["content-type"] ?? "");
  const problems = problemsOf(path, method, response.statusCode, contentType, response.body);
  if (variant.name.startsWith("2 MB") && enveloped(path) && response.statusCode !== 413) {
    problems.push(`2 MB body answered ${response.statusCode}, not 413`);
  }
  if (problems.length === 0) return undefined;
  return {
    request: `${method} ${path} [${urlName}; ${variant.name}]`,
    problems,
    reply: `${response.statusCode} ${response.body.slice(0, 300)}`,
  };
}

/** Sends the plan a few requests at a time (order within the plan does not matter: every check is per reply). */
export async function fuzz(app: FastifyInstance, ordered: Planned[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  // A seeded shuffle, so that the requests in flight together are to different paths (not 8 writes to one book).
  const plan = [...ordered];
  for (let index = plan.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [plan[index], plan[other]] = [plan[other] as Planned, plan[index] as Planned];
  }
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const planned = plan[next++];
      if (!planned) break;
      const finding = await send(app, planned);
      if (finding) findings.push(finding);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return findings;
}
