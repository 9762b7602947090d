import { randomUUID } from "node:crypto";
import { DomainError, type Logger, message, notConfigured, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { chooseRevision } from "../domain/reader-book.view.js";
import type { Peers } from "../peers.js";
import { actorOf, sessionCookieName, sessionToken } from "../plugins/actor.js";
import { renderForRequest, requestedLanguage } from "../plugins/message-texts.js";
import { type BuilderSettings, BuildFailure, buildPackage } from "../publish/package-builder.js";
import { checkPackageForm, isPackageRuleBreak, type PackageForm, packageLimits } from "../publish/package-rules.js";
import type { PackageJob, PackageStore } from "../publish/package-store.js";
import { keystoreOpens } from "../signatures/keystore.js";
import type { SignatureStore } from "../signatures/signature-store.js";
import { bookBodySchema, bookFormSchema } from "./schemas.js";

/**
 * The editor's publish dialog (spec 001 §3–§5, issue #37 item 4): a package of the online book as an offline HTML
 * zip, a Windows EXE, a zipped macOS APP or a signed Android APK. create-package checks the dialog's rules and the
 * signature password here, then answers a job at once; the build runs after the answer (publish/package-builder.ts),
 * one at a time per gateway; get-package tells its state; download-package sends the file. Reference:
 * services/gateway/rest/publish.md.
 */

export interface PublishDependencies {
  store: PackageStore;
  signatures: SignatureStore | undefined;
  builder: BuilderSettings;
  log: Logger;
}

const text = { type: "string", maxLength: packageLimits.textMax } as const;
const jobIdField = { type: "string", pattern: "^[0-9a-f-]{36}$" } as const;

/**
 * A job still queued or building after `abandonMs` was left by a gateway that stopped (a restart, a crash): it is
 * answered as failed (`publishInterrupted`) and no longer holds the book's next APK back.
 */
const abandoned = (job: PackageJob, abandonMs: number, now = Date.now()) =>
  (job.state === "queued" || job.state === "building") && now - new Date(job.createdAt).getTime() > abandonMs;

function jobView(job: PackageJob, abandonMs: number) {
  return {
    jobId: job.jobId,
    bookId: job.bookId,
    format: job.format,
    state: abandoned(job, abandonMs) ? "failed" : job.state,
    createdAt: new Date(job.createdAt).toISOString(),
    ...(job.fileName ? { fileName: job.fileName, bytes: job.bytes ?? 0 } : {}),
    ...(job.state === "ready" ? { download: `/api/publish/download-package?jobId=${job.jobId}` } : {}),
    ...(job.apk ? { apk: job.apk } : {}),
  };
}

export function registerPublishRoutes(
  app: FastifyInstance,
  peers: Peers,
  dependencies: PublishDependencies | undefined,
) {
  const deps = () => {
    if (!dependencies) throw notConfigured("publish");
    return dependencies;
  };
  // One build at a time per gateway: the toolchains (java, aapt, makensis) take a core each.
  let queue: Promise<unknown> = Promise.resolve();
  // A build is two tool runs, each held to the timeout; a job waits behind a few others at most.
  const abandonMs = () => deps().builder.timeoutMs * 6;

  const ownJob = async (request: FastifyRequest, jobId: string) => {
    const job = await deps().store.job(jobId);
    if (!job || job.userId !== actorOf(request).userId)
      throw new DomainError("NOT_FOUND", message("publishJobNotFound"));
    return job;
  };

  app.post<{ Body: PackageForm & { bookId: string } }>(
    "/api/publish/create-package",
    {
      schema: bookFormSchema({
        format: { type: "string", maxLength: 8 },
        title: text,
        // base64 of at most packageLimits.iconBytes (the form body's limit is 1 MB).
        icon: { type: "string", maxLength: Math.ceil((packageLimits.iconBytes * 4) / 3) + 4 },
        window: { type: "string", maxLength: 16 },
        width: { type: "string", maxLength: 8 },
        height: { type: "string", maxLength: 8 },
        appName: text,
        appId: text,
        versionCode: { type: "string", maxLength: 12 },
        versionName: text,
        signature: { type: "string", maxLength: 64 },
        signaturePassword: { type: "string", maxLength: 200 },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { store, signatures, builder, log } = deps();
      const { bookId } = request.body;
      const { book } = await peers.book.getBook({ userId: actor.userId, bookId, baseUrl: "" });
      if (!book) throw new DomainError("NOT_FOUND", message("bookNotFound"));
      const last = await store.lastRelease(book.bookId);
      const checked = checkPackageForm(request.body, book.title ?? "", last);
      if (isPackageRuleBreak(checked)) {
        const { key, ...params } = checked;
        throw new DomainError("INVALID_ARGUMENT", message(key, params), { details: { rule: key } });
      }
      if (checked.apk) {
        if ((await store.openApkJobs(book.bookId, new Date(Date.now() - abandonMs()))) > 0) {
          throw new DomainError("FAILED_PRECONDITION", message("publishApkBusy"));
        }
        const signature = await signatures?.get(actor.userId, checked.signature ?? "");
        // An unknown name and a wrong password answer alike: the spec's one text.
        if (!signature || !(await keystoreOpens(signature.keystore, request.body.signaturePassword ?? ""))) {
          throw new DomainError("INVALID_ARGUMENT", message("signatureOrPassword"), {
            details: { rule: "signatureOrPassword" },
          });
        }
      }
      const manifests = await Promise.all(
        book.revisions.map(async (revision) => ({
          revision,
          manifest: await builder.assets.manifest(book.bookId, revision, { fresh: true }),
        })),
      );
      const ready = chooseRevision(manifests.filter((entry) => entry.manifest?.state === "ready"));
      if (!ready) throw new DomainError("FAILED_PRECONDITION", message("publishNoPages"));

      const job: PackageJob = {
        jobId: randomUUID(),
        userId: actor.userId,
        bookId: book.bookId,
        format: checked.format,
        state: "queued",
        createdAt: new Date(),
        ...(checked.apk ? { apk: checked.apk } : {}),
      };
      await store.insertJob(job);
      const cookie = sessionToken(request);
      const input = {
        jobId: job.jobId,
        bookId: book.bookId,
        revision: ready.revision,
        manifest: ready.manifest,
        request: checked,
        cookie: cookie ? `${sessionCookieName}=${cookie}` : "",
        signaturePassword: request.body.signaturePassword,
        lastRelease: last,
        language: requestedLanguage(request.headers["accept-language"]) || "zh-CN",
      };
      const failed = (failure: NonNullable<PackageJob["failure"]>) =>
        store.updateJob(job.jobId, { state: "failed", finishedAt: new Date(), failure });
      const format = checked.format.toUpperCase();
      queue = queue.then(async () => {
        try {
          await store.updateJob(job.jobId, { state: "building" });
          const built = await buildPackage(builder, input);
          if (checked.apk) {
            const recorded = await store.insertRelease({
              ...checked.apk,
              bookId: book.bookId,
              userId: actor.userId,
              publishedAt: new Date(),
            });
            if (!recorded) {
              await builder.s3.removeObject(builder.bucket, built.objectKey).catch(() => {});
              const last = await store.lastRelease(book.bookId);
              const expected = (last?.versionCode ?? 0) + 1;
              return failed({ key: "apkVersionNotNext", params: { last: last?.versionCode ?? 0, expected } });
            }
          }
          await store.updateJob(job.jobId, { state: "ready", finishedAt: new Date(), ...built });
        } catch (error) {
          if (error instanceof BuildFailure) return failed({ text: error.message }).catch(() => {});
          log.error({ err: error, jobId: job.jobId }, "package build failed");
          await failed({ key: "publishFailed", params: { format, detail: (error as Error).message } }).catch(() => {});
        }
      });
      return okEnvelope({ job: jobView(job, abandonMs()) });
    },
  );

  // The book's last APK (the dialog fills in its ID and the next version number): the book's owner (or a team role
  // the book service allows) only.
  app.post<{ Body: { bookId: string } }>(
    "/api/publish/get-apk-release",
    { schema: bookBodySchema },
    async (request) => {
      const { book } = await peers.book.getBook({
        userId: actorOf(request).userId,
        bookId: request.body.bookId,
        baseUrl: "",
      });
      if (!book) throw new DomainError("NOT_FOUND", message("bookNotFound"));
      const last = await deps().store.lastRelease(book.bookId);
      return okEnvelope({
        last: last
          ? {
              name: last.name,
              applicationId: last.applicationId,
              versionCode: last.versionCode,
              versionName: last.versionName,
              publishedAt: new Date(last.publishedAt).toISOString(),
            }
          : null,
        nextVersionCode: last ? last.versionCode + 1 : 1,
      });
    },
  );

  app.post<{ Body: { jobId: string } }>(
    "/api/publish/get-package",
    { schema: { body: { type: "object", required: ["jobId"], properties: { jobId: jobIdField } } } },
    async (request) => {
      const job = await ownJob(request, request.body.jobId);
      const failure: PackageJob["failure"] = abandoned(job, abandonMs())
        ? { key: "publishInterrupted", params: { format: job.format.toUpperCase() } }
        : job.failure;
      const error = !failure
        ? undefined
        : "text" in failure
          ? failure.text
          : await renderForRequest(request, message(failure.key, failure.params));
      return okEnvelope({ job: { ...jobView(job, abandonMs()), ...(error ? { error } : {}) } });
    },
  );

  app.get<{ Querystring: { jobId: string } }>(
    "/api/publish/download-package",
    { schema: { querystring: { type: "object", required: ["jobId"], properties: { jobId: jobIdField } } } },
    async (request, reply) => {
      const job = await ownJob(request, request.query.jobId);
      if (job.state !== "ready" || !job.objectKey) {
        throw new DomainError("FAILED_PRECONDITION", message("publishNotReady"));
      }
      const { builder } = deps();
      const body = await builder.s3.getObject(builder.bucket, job.objectKey);
      const name = job.fileName ?? "FlipBook";
      const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return reply
        .type(job.format === "apk" ? "application/vnd.android.package-archive" : "application/octet-stream")
        .header("content-length", job.bytes ?? 0)
        .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );
}
