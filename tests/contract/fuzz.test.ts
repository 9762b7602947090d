import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Manifest } from "@turnleaf/book-format";
import { bookAssets, signatureStoreOn } from "@turnleaf/gateway/in-process";
import { createLogger } from "@turnleaf/kit";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { startInProcessStack } from "../support/in-process-stack.js";
import { readRestReference, undocumentedRoutes } from "../support/rest-reference.js";
import { bookId, bookNumber, form, formType, owner, plausible, suffix } from "./fuzz-inputs.js";
import { fuzz, planOf } from "./fuzz-plan.js";

// The fuzz contract (issue 4): every REST path the gateway registers, fed a fixed, seeded set of bad inputs —
// wrong types, huge strings and bodies, broken JSON, unknown fields, empty bodies, wrong content types, bytes that
// are not UTF-8, odd path parameters and cookies — answers below 500, with the envelope where the README promises
// one, and never with a stack trace. The book, power, upload, licence and language services run in this process
// on the run's real stores; conversion is a health-only stand-in (no REST path calls it synchronously).
const stores = workerStores();
const log = createLogger({ service: "fuzz-test", level: "silent" });

const startStack = () =>
  startInProcessStack({
    stores,
    label: `fuzz-${suffix}`,
    log,
    services: {
      power: { demoSeed: true },
      book: {},
      upload: { settings: { ttlMs: 3_600_000, partSizeBytes: 5 * 1024 * 1024 }, now: () => new Date() },
      licence: { LICENCE_GUESS_LIMIT: 5 },
      language: {},
      insight: { leadRateLimit: 5 },
      conversion: {},
    },
    buckets: ["sources", "books"],
    gateway: {},
  });
let stack: Awaited<ReturnType<typeof startStack>>;
let devApp: FastifyInstance;
let anonymousApp: FastifyInstance;
let distDir: string;
const routes: RouteOptions[] = [];

function manifestOf(revision: number): Manifest {
  return {
    format: 1,
    bookId,
    revision,
    jobId: "job",
    state: "ready",
    engine: "hd-image",
    trial: false,
    pageCount: 2,
    pagesDone: 2,
    pages: [1, 2].map((n) => ({
      n,
      width: 600,
      height: 800,
      ready: true,
      webp: { "800": `pages/${n}/800.webp` },
      jpg: null,
      thumb: null,
      text: null,
      links: [],
      source: { index: 0, page: n, part: "whole", region: [0, 0, 1, 1] },
    })) as Manifest["pages"],
    outline: [],
    search: null,
    sourcePdfs: [],
    updatedAt: new Date().toISOString(),
  };
}

beforeAll(async () => {
  stack = await startStack();
  const { books, revisions } = stack.book;
  await books.insertIfAbsent({
    bookId,
    number: bookNumber,
    ownerId: owner,
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: "a fuzzed book",
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number: bookNumber, revision: 1 });
  const { s3, buckets } = stack;
  await s3.putObject(buckets.books, `books/${bookId}/r1/manifest.json`, JSON.stringify(manifestOf(1)));
  await s3.putObject(buckets.books, `books/${bookId}/r1/pages/1/800.webp`, Buffer.from("RIFF0000WEBP"));
  distDir = await mkdtemp(join(tmpdir(), "turnleaf-fuzz-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(
    join(distDir, "index.html"),
    "<!doctype html><html><head><!--turnleaf:head--></head><body><!--turnleaf:body--></body></html>",
  );
  await writeFile(join(distDir, "assets", "reader-0000.js"), "export {};");
  // The editor's static files: a built index.html and one asset, as web/editor/dist holds them.
  const editorDistDir = join(distDir, "editor");
  await mkdir(join(editorDistDir, "assets"), { recursive: true });
  await writeFile(join(editorDistDir, "index.html"), "<!doctype html><html><body><div id=root></div></body></html>");
  await writeFile(join(editorDistDir, "assets", "editor-0000.js"), "export {};");
  const reader = { assets: bookAssets(s3, buckets.books), distDir, grantSecret: "fuzz-secret-fuzz-secret-fuzz-secret" };
  // The gateway's own data (APK signatures): fuzzed forms reach keytool when they pass the rules.
  const signatures = signatureStoreOn(await stack.database("gateway"));
  devApp = await stack.gateway.app({
    signatures,
    devActorUserId: owner,
    reader,
    editorDistDir,
    onRoute: (route) => routes.push(route),
  });
  anonymousApp = await stack.gateway.app({ signatures, reader, editorDistDir });
  await Promise.all([devApp.ready(), anonymousApp.ready()]);
  // A real upload task of the owner, so chunk writes, progress and operate-book reach the upload service's checks.
  const begun = await devApp.inject({
    method: "POST",
    url: "/api/book/begin-upload",
    headers: formType,
    payload: form({ title: "fuzzed upload", files: JSON.stringify([{ name: "a.pdf", size: 4096 }]) }),
  });
  const task = (begun.json() as { data: { taskId: string; files: { fileId: string }[] } | null }).data;
  expect(task?.taskId, begun.body).toBeTruthy();
  plausible.taskId = task?.taskId ?? "";
  plausible.fileId = task?.files[0]?.fileId ?? "";
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// The inputs

/** mulberry32: the fuzz inputs are the same on every run. */
describe("fuzzed inputs on every REST path", () => {
  it("collects the registered routes, the API, reader, probes and login form among them", () => {
    const paths = new Set(routes.map((route) => route.url));
    for (const path of [
      "/healthz",
      "/livez",
      "/api/book/get-ready-config",
      "/api/book/update-book",
      "/api/book/begin-upload",
      "/api/book/upload-book-files",
      "/api/licence/register",
      "/api/book/save-book-language",
      "/api/language/labels",
      "/api/user/login",
      "/login.php",
      "/checkAccount.php",
      "/b/:link",
      "/b/:link/assets/:revision/*",
      "/oembed",
      "/book_edit2",
      "/book_edit2/*",
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it("finds every registered method and path in the gateway's REST reference", async () => {
    expect(undocumentedRoutes(routes, await readRestReference())).toEqual([]);
  });

  it("refuses a Connect request whose Host does not parse with a Connect error, and serves the same request", async () => {
    const watch = (host: string) =>
      devApp.inject({
        method: "POST",
        url: "/turnleaf.upload.v1.UploadProgressService/WatchUpload",
        headers: { host, "content-type": "application/connect+json", "connect-protocol-version": "1" },
        payload: JSON.stringify({ taskId: "nosuchtask" }),
      });
    for (const host of ["a b", "[", "evil.example:99999"]) {
      const refused = await watch(host);
      expect(refused.statusCode, host).toBe(400);
      expect(refused.json(), host).toEqual({ code: "invalid_argument", message: "bad Host header" });
    }
    // The same request with a real Host reaches the service (an unknown task: the stream ends with its error).
    const served = await watch("localhost:8080");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/connect+json");
  });

  it("answers every fuzzed request below 500, enveloped, without a stack; the services stay healthy", async () => {
    // As the local stack runs (a dev actor, so requests reach the services), every field fuzzed; as deployed (no
    // actor: most paths refuse before any service is asked), the whole-request variants.
    const devPlan = planOf(routes, true);
    const anonymousPlan = planOf(routes, false);
    const findings = [
      ...(await fuzz(devApp, devPlan)).map((finding) => ({ ...finding, request: `dev actor ${finding.request}` })),
      ...(await fuzz(anonymousApp, anonymousPlan)).map((finding) => ({
        ...finding,
        request: `no actor ${finding.request}`,
      })),
    ];
    const requests = devPlan.length + anonymousPlan.length;
    // Opt-in diagnostics: FUZZ_FINDINGS_FILE=<path> keeps every finding (the assertion shows the first 30).
    if (process.env.FUZZ_FINDINGS_FILE) {
      await writeFile(
        process.env.FUZZ_FINDINGS_FILE,
        JSON.stringify({ requests, routes: routes.map((route) => `${route.method} ${route.url}`), findings }),
      );
    }
    expect(requests).toBeGreaterThan(5_000);
    expect(findings.slice(0, 30), `${findings.length} findings in ${requests} requests`).toEqual([]);
    for (const app of [devApp, anonymousApp]) {
      const health = await app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode, health.body).toBe(200);
    }
  }, 600_000);
});
