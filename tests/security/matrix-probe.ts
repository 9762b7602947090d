import type { FastifyInstance, RouteOptions } from "fastify";
import type { Sent } from "./actors.js";

/** The roles every /api path is asked as. */
export const roles = ["owner", "other", "member", "anonymous"] as const;
export type Role = (typeof roles)[number];

/**
 * What an answer amounts to: `ok` (the path did its work), `signin` (no session: LOGIN_SIGNOUT or HTTP 401),
 * `refused` (not found, not permitted, a power limit: nothing of the target is answered), `invalid` (the request
 * was refused for its fields before anyone's data was touched).
 */
export type Verdict = "ok" | "signin" | "refused" | "invalid";

export interface ProbeTargets {
  bookId: string;
  number: string;
  teamId: string;
  taskId: string;
  userId: string;
}

/** The /api routes the gateway registered, one entry per method and path (HEAD left out: it is GET's). */
export function apiRoutes(routes: readonly RouteOptions[]): { method: string; url: string; route: RouteOptions }[] {
  const seen = new Set<string>();
  const found: { method: string; url: string; route: RouteOptions }[] = [];
  for (const route of routes) {
    const url = route.url ?? "";
    if (!url.startsWith("/api/")) continue;
    for (const method of [route.method].flat()) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      const key = `${method} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ method, url, route });
    }
  }
  return found.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/** Values for fields a route requires, by name, that make a well-formed request (the owner's must pass checks). */
const defaults: Record<string, string> = {
  name: "Probe",
  commentId: "0".repeat(24),
  leadId: "",
  code: "en",
  sessionId: "probe-session-1",
  bookmarks: "[]",
  catalog: "[]",
  config: "{}",
  languages: "[]",
  key: "probe",
  content: "{}",
  theme: "{}",
  icon: "https://img.example.com/icon.png",
  item: "{}",
  provider: "github",
  subject: "probe-subject",
  otherToken: "probe-token",
  logo: "https://img.example.com/logo.png",
  access: "private",
  operate: "pause",
  requestFile: "not a request file",
};

/** Fields of paths whose checks need more than their required fields. */
const overrides: Record<string, Record<string, string>> = {
  "/api/book/set-book-status": { status: "disabled" },
  "/api/book/get-book-list": { status: "enabled" },
  "/api/book/book-cover": { revision: "1" },
  "/api/user/brand/create": { type: "loadingBrand", title: "Probe" },
  "/api/user/brand/get-list": { type: "loadingBrand" },
  "/api/book/get-book-custom-config": { type: "config" },
  "/api/book/delete-book-custom-config": { type: "config" },
  "/api/book/save-book-custom-config": { type: "config" },
  "/api/book/update-book": { title: "Probed" },
  "/api/insight/update-settings": { statisticsEnabled: "1" },
};

const uploadFiles = JSON.stringify([{ name: "a.pdf", size: 100, type: "application/pdf" }]);

/**
 * The fields a probe sends: the owner's book, team, task and account where a field names them, a well-formed value
 * for every other required field (so the owner's request does its work and the others' reach the access checks).
 */
export function probeFields(url: string, route: RouteOptions, targets: ProbeTargets): Record<string, string> {
  const schema = route.schema as { body?: { properties?: Record<string, unknown>; required?: string[] } } | undefined;
  const names = Object.keys(schema?.body?.properties ?? {});
  const required = new Set(schema?.body?.required ?? []);
  const fields: Record<string, string> = { bookId: targets.bookId };
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower === "bookid") fields[name] = targets.bookId;
    else if (lower === "number" || lower === "link") fields[name] = targets.number;
    else if (lower === "teamid" || lower === "team") fields[name] = targets.teamId;
    else if (lower === "taskid") fields[name] = targets.taskId;
    else if (lower === "files") fields[name] = uploadFiles;
    else if (lower === "title") fields[name] = "Probe";
    else if (lower === "overwrite") fields[name] = "1";
    else if (required.has(name)) fields[name] = defaults[name] ?? "probe";
  }
  return { ...fields, ...overrides[url] };
}

/** The verdict of one answer. */
export function verdictOf(sent: Sent): Verdict {
  const { status, reply } = sent;
  if (status === 401 || reply.code === "LOGIN_SIGNOUT" || reply.code === "LOGIN_TIMEOUT") return "signin";
  if (status === 404 || status === 403 || reply.code === "POWER_LIMIT") return "refused";
  if (status >= 200 && status < 300 && (reply.code === "OK" || reply.code === "")) return "ok";
  const kind = JSON.stringify(reply.data ?? {});
  const said = `${reply.msg} ${kind}`;
  if (/not found|NotFound|notFound|permission|Permission|not a member|notTeamMember|another account/.test(said)) {
    return "refused";
  }
  return status === 400 || reply.code === "ERROR" || /^\d{3}$/.test(reply.code) ? "invalid" : "refused";
}

/** Sends one probe as a role: a form POST (or a GET with the fields as query) with the role's session, if any. */
export async function probe(
  gateway: FastifyInstance,
  method: string,
  url: string,
  fields: Record<string, string>,
  cookie: string | undefined,
): Promise<Sent> {
  const query = new URLSearchParams(fields).toString();
  const response = await gateway.inject({
    method: method as "GET" | "POST",
    url: method === "GET" ? `${url}?${query}` : url,
    headers: {
      ...(method === "GET" ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      ...(cookie ? { cookie } : {}),
    },
    ...(method === "GET" ? {} : { payload: query }),
  });
  let reply: Sent["reply"];
  try {
    reply = response.json() as Sent["reply"];
  } catch {
    reply = { code: "", msg: "", status: "", data: null };
  }
  return { status: response.statusCode, reply, headers: response.headers, body: response.body };
}
