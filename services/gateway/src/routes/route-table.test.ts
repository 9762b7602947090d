import { readFileSync } from "node:fs";
import { createLogger } from "@turnleaf/kit";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { readConfig } from "../config.js";
import { connectPeers, type Peers } from "../peers.js";
import { accessOf, routeTable } from "./route-table.js";

// The app with every optional part (reader, editor, statistics) and peers nowhere: building it calls no peer.
const nowhere = "127.0.0.1:1";
let peers: Peers;
let app: FastifyInstance;
const registered: { method: string; url: string; route: RouteOptions }[] = [];
/** The routes whose handler ran ("METHOD url"): every handler is wrapped as it is registered. */
const handled = new Set<string>();

beforeAll(async () => {
  const config = readConfig({
    LOG_LEVEL: "silent",
    BOOK_SERVICE_ADDR: nowhere,
    POWER_SERVICE_ADDR: nowhere,
    UPLOAD_SERVICE_ADDR: nowhere,
    CONVERSION_SERVICE_ADDR: nowhere,
    LICENCE_SERVICE_ADDR: nowhere,
    LANGUAGE_SERVICE_ADDR: nowhere,
    INSIGHT_SERVICE_ADDR: nowhere,
    MONGODB_URI: "mongodb://127.0.0.1:1",
    NATS_URL: "nats://127.0.0.1:1",
    S3_ENDPOINT: "http://127.0.0.1:1",
    S3_ACCESS_KEY_ID: "none",
    S3_SECRET_ACCESS_KEY: "none",
  });
  peers = connectPeers(config);
  const none = async () => undefined;
  app = await buildApp({
    log: createLogger({ service: "route-table-test", level: "silent" }),
    peers,
    stores: { mongodb: none, s3: none, nats: none, close: none },
    devActorUserId: undefined,
    reader: { assets: {} as never, distDir: "/nonexistent-reader-dist", grantSecret: "x".repeat(43) },
    editorDistDir: "/nonexistent-editor-dist",
    insight: { publish: none, saltSecret: "x".repeat(43) },
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url ?? "", route });
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request, reply) {
        handled.add(`${request.method} ${route.url}`);
        return handler.call(this, request, reply);
      };
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  peers?.close();
});

/** What fastify registered as table keys: HEAD only where a path has no GET; a route of every method as `ANY`. */
function registeredKeys(): string[] {
  const methodsOf = new Map<string, Set<string>>();
  for (const { method, url } of registered) methodsOf.set(url, (methodsOf.get(url) ?? new Set()).add(method));
  const keys: string[] = [];
  for (const [url, methods] of methodsOf) {
    if (methods.size > 4) keys.push(`ANY ${url}`);
    else for (const method of methods) if (method !== "HEAD" || !methods.has("GET")) keys.push(`${method} ${url}`);
  }
  return keys.sort();
}

describe("the route table", () => {
  it("lists exactly the routes fastify registered, each once", () => {
    const listed = routeTable.map(([route]) => route);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(registeredKeys());
  });

  it("names a file under routes/ that holds each path", () => {
    const wrong: string[] = [];
    for (const [route, file] of routeTable) {
      const path = route.split(" ")[1] ?? "";
      const text = readFileSync(new URL(`./${file.replace(/\.ts$/, ".ts")}`, import.meta.url), "utf8");
      // A static prefix is registered as `prefix: "/reader/assets/"`; a Connect route by its service's name.
      const needle = path.startsWith("/turnleaf.")
        ? "UploadProgressService"
        : text.includes(`"${path}"`)
          ? `"${path}"`
          : `"${path.replace(/\*$/, "")}"`;
      if (!text.includes(needle)) wrong.push(`${route}: not in ${file}`);
    }
    expect(wrong).toEqual([]);
  });
});

/** Well-formed values for a route's required fields (any string its pattern takes), so the request passes its schema. */
function requiredFields(route: RouteOptions): Record<string, string> {
  const schema = route.schema as
    | Record<string, { required?: string[]; properties?: Record<string, { enum?: string[] }> } | undefined>
    | undefined;
  const part = schema?.body ?? schema?.querystring;
  return Object.fromEntries(
    (part?.required ?? []).map((name) => [name, part?.properties?.[name]?.enum?.[0] ?? "abc123"]),
  );
}

describe("the actor hook", () => {
  it("refuses every path that needs a user, without a session, before its handler runs", async () => {
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const { method, url, route } of registered) {
      const access = accessOf(method, url);
      if (!["user", "book", "owner"].includes(access) || method === "HEAD" || url.includes(":")) continue;
      const fields = new URLSearchParams(requiredFields(route)).toString();
      const answer = await app.inject({
        method: method as "GET" | "POST",
        url: method === "GET" ? `${url}?${fields}` : url,
        ...(method === "GET" ? {} : { headers: { "content-type": "application/x-www-form-urlencoded" } }),
        ...(method === "GET" ? {} : { payload: fields }),
      });
      const reply = answer.json() as { code: string };
      if (handled.has(`${method} ${url}`)) wrong.push(`${method} ${url}: its handler ran (${answer.body})`);
      // A request its schema refuses never reaches the hook (fastify validates first, as before the hook).
      else if (reply.code === "LOGIN_SIGNOUT") refused.push(`${method} ${url}`);
      else if (answer.statusCode < 400 && !/request exception|requestException/.test(answer.body))
        wrong.push(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    }
    expect(wrong).toEqual([]);
    expect(refused.length).toBeGreaterThan(60);
    expect(refused).toContain("POST /api/insight/get-settings");
  });

  it("leaves an unknown path its 404, and reads HEAD as its GET", async () => {
    const unknown = await app.inject({ method: "POST", url: "/api/book/no-such-path" });
    expect(unknown.statusCode).toBe(404);
    expect(accessOf("HEAD", "/api/insight/export-leads")).toBe("owner");
    expect(accessOf("HEAD", "/api/book/upload-book-files")).toBe("book");
    expect(accessOf("GET", "/turnleaf.upload.v1.UploadProgressService/WatchUpload")).toBe("connect");
    expect(accessOf("GET", "/not/in/the/table")).toBe("user");
  });

  it("lets public paths through without a session", async () => {
    const support = await app.inject({ method: "POST", url: "/api/common/get-support-contact" });
    expect(support.json()).toMatchObject({ code: "OK" });
    expect(handled.has("POST /api/common/get-support-contact")).toBe(true);
  });
});
