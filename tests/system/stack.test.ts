import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ConversionJobProgressedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { ConversionService } from "@turnleaf/contracts/conversion/v1/conversion_service_pb";
import { LanguageService } from "@turnleaf/contracts/language/v1/language_service_pb";
import { LicenceService } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import { UploadService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import {
  buildApp,
  connectPeers,
  connectStoreProbes,
  readConfig as readGatewayConfig,
} from "@turnleaf/gateway/in-process";
import { connectNats, createClient, createLogger, publishEvent, subjects } from "@turnleaf/kit";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freeServicePorts,
  type RunningServices,
  serviceEnvironment,
  startServices,
} from "../../scripts/src/services.js";
import { sharedStoreEnvironment } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";

// The seven built processes (dist/), started as a user's machine would run them, against the run's real stores.
const stores = workerStores();
let services: RunningServices;
let logDir: string;

beforeAll(async () => {
  logDir = await mkdtemp(join(tmpdir(), "turnleaf-system-"));
  const ports = await freeServicePorts();
  services = await startServices({
    stores: { ...stores, stop: async () => undefined },
    ports,
    demo: true,
    log: pino({ level: "warn" }),
    logDir,
    environment: sharedStoreEnvironment,
  });
  await services.waitHealthy(60_000);
}, 120_000);

afterAll(async () => {
  await services?.stopAll();
});

interface Envelope {
  code: string;
  data: Record<string, unknown> | null;
  msg: string;
  status: string;
  mess: string;
}

async function postForm(
  path: string,
  fields: Record<string, string>,
  query = "",
): Promise<{ status: number; body: Envelope }> {
  const response = await fetch(`${services.gatewayUrl}${path}${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

async function health(): Promise<{
  status: number;
  body: { status: string; services: Record<string, string>; stores: Record<string, string> };
}> {
  const response = await fetch(`${services.gatewayUrl}/healthz`);
  return { status: response.status, body: await response.json() };
}

describe("the running system", () => {
  it("reports every process and store healthy", async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "ok",
      services: {
        gateway: "SERVING",
        book: "SERVING",
        power: "SERVING",
        upload: "SERVING",
        conversion: "SERVING",
        licence: "SERVING",
        language: "SERVING",
        insight: "SERVING",
      },
      stores: { mongodb: "ok", s3: "ok", nats: "ok" },
    });
  });

  it("answers the demo book's ready config through gateway → book → power → MongoDB", async () => {
    const { status, body } = await postForm("/api/book/get-ready-config", {
      teamId: "0",
      folderId: "0",
      number: "demo0001",
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      code: "OK",
      msg: "",
      status: "1",
      mess: "",
      data: {
        bookId: "6650c0ffee0000000000d001",
        bookLogo: "",
        bookLogoLink: "",
        bookwebsite: "",
        defaultTem: { html5Tem: "classic", html5Theme: "default", html5PhoneTem: "phone-classic" },
        folderId: "0",
        folderType: 1,
        ownerId: "10001",
        owner_uLink: "demo",
        owner_uType: 2,
        teamId: "0",
        uEmail: "demo@turnleaf.local",
        uLink: "demo",
        uType: 2,
        userId: "10001",
        website: "https://turnleaf.example",
        verifyPhone: false,
        number: "demo0001",
        roleId: "0",
        roleName: "",
      },
    });
  });

  it("takes the fields as query parameters too, and answers without a book for the upload screen", async () => {
    const byQuery = await postForm("/api/book/get-ready-config", {}, "?number=demo0001");
    expect(byQuery.body.code).toBe("OK");
    expect(byQuery.body.data?.bookId).toBe("6650c0ffee0000000000d001");

    const noBook = await postForm("/api/book/get-ready-config", {});
    expect(noBook.body.code).toBe("OK");
    expect(noBook.body.data).toMatchObject({ bookId: "", number: "", userId: "10001", uEmail: "demo@turnleaf.local" });
  });

  it.each([
    [{ teamId: "abc" }, "teamId"],
    [{ folderId: "-1" }, "folderId"],
    [{ number: "../etc/passwd" }, "number"],
  ])("rejects bad input %o with a catalogue error naming the field", async (fields, field) => {
    const { status, body } = await postForm("/api/book/get-ready-config", fields);
    expect(status).toBe(200);
    expect(body.code).toBe("ERROR");
    // Chinese by default: the catalogue's request exception, rendered from the language service's messages.
    expect(body.msg).toBe("请求异常");
    expect(body.data).toEqual({
      errors: [expect.objectContaining({ field })],
      messageKey: "requestException",
      messageParams: {},
    });
  });

  it("rejects wrong types in a JSON body the same way", async () => {
    const response = await fetch(`${services.gatewayUrl}/api/book/get-ready-config`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ teamId: 5, number: ["demo0001"] }),
    });
    const body = (await response.json()) as Envelope;
    expect(body.code).toBe("ERROR");
    expect(body.msg).toBe("请求异常");
  });

  it("answers an unknown book, and a team the user is not in, without leaking internals", async () => {
    const unknown = await postForm("/api/book/get-ready-config", { number: "nosuchbook" });
    expect(unknown.body).toMatchObject({ code: "ERROR", msg: "书不存在", status: "0" });

    const foreignTeam = await postForm("/api/book/get-ready-config", { teamId: "77", number: "demo0001" });
    expect(foreignTeam.body).toMatchObject({ code: "ERROR", msg: "你不是该团队的成员" });
  });

  it("answers a malformed body with a 4xx envelope, never a stack trace", async () => {
    const response = await fetch(`${services.gatewayUrl}/api/book/get-ready-config`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: "ERROR", msg: "请求异常" });
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);

    const unknownPath = await postForm("/api/book/no-such-call", {});
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.body.code).toBe("ERROR");
  });

  it("answers LOGIN_SIGNOUT when no one is logged in", async () => {
    const env = serviceEnvironment("gateway", { ...stores, stop: async () => undefined }, services.ports, {
      demo: false,
      logLevel: "silent",
    });
    const config = readGatewayConfig(env);
    const log = createLogger({ service: "gateway-test", level: "silent" });
    const peers = connectPeers(config);
    const storeProbes = await connectStoreProbes(config, log);
    const app = await buildApp({ log, peers, stores: storeProbes, devActorUserId: config.DEV_ACTOR_USER_ID });
    const reply = await app.inject({
      method: "POST",
      url: "/api/book/get-ready-config",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "number=demo0001",
    });
    await app.close();
    peers.close();
    await storeProbes.close();
    expect(reply.json()).toMatchObject({ code: "LOGIN_SIGNOUT", msg: "请登录", status: "0" });
  });

  it("serves every service's first RPC over gRPC", async () => {
    const language = createClient(LanguageService, `127.0.0.1:${services.ports.language}`, { peer: "language" });
    const { languages } = await language.listInterfaceLanguages({});
    expect(languages.map((entry) => entry.code)).toEqual([
      "zh-CN",
      "en",
      "ja",
      "hi",
      "fr",
      "ar",
      "de",
      "ko",
      "pt",
      "ro",
      "es",
      "th",
    ]);
    expect(languages.filter((entry) => entry.isDefault).map((entry) => entry.code)).toEqual(["zh-CN"]);
    language.close();

    const upload = createClient(UploadService, `127.0.0.1:${services.ports.upload}`, { peer: "upload" });
    const { limits } = await upload.getUploadLimits({});
    expect(limits).toMatchObject({ maxPdfPages: 1000, trialMaxPages: 12, maxImageBytes: 10n * 1024n * 1024n });
    upload.close();

    const licence = createClient(LicenceService, `127.0.0.1:${services.ports.licence}`, { peer: "licence" });
    const first = await licence.getSigningKey({});
    expect(first.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(first.keyId).toMatch(/^[0-9a-f]{16}$/);
    licence.close();
  });

  it("streams a conversion job's progress events from NATS through the conversion service", async () => {
    const log = createLogger({ service: "test", level: "silent" });
    const nats = await connectNats({ url: stores.natsUrl, name: "system-test", log });
    const jobId = `job-${Date.now()}`;
    for (const [done, state] of [
      [1n, ConversionJobState.CONVERTING],
      [2n, ConversionJobState.CONVERTING],
    ] as const) {
      await publishEvent(nats, subjects.conversionJobProgress(jobId), ConversionJobProgressedSchema, {
        jobId,
        state,
        pages: { done, total: 3n },
      });
    }
    const conversion = createClient(ConversionService, `127.0.0.1:${services.ports.conversion}`, {
      peer: "conversion",
    });
    const seen: bigint[] = [];
    const watching = (async () => {
      for await (const { progress } of conversion.watchJob({ jobId })) {
        seen.push(progress?.pages?.done ?? -1n);
        if (seen.length === 2) {
          await publishEvent(nats, subjects.conversionJobProgress(jobId), ConversionJobProgressedSchema, {
            jobId,
            state: ConversionJobState.COMPLETED,
            pages: { done: 3n, total: 3n },
          });
        }
      }
    })();
    await watching;
    expect(seen).toEqual([1n, 2n, 3n]);
    conversion.close();
    await nats.drain();
  });

  it("reports a stopped service, answers a clear error, and recovers when it restarts alone", async () => {
    const gatewayLogBefore = await readFile(join(logDir, "gateway.log"), "utf8");
    expect(await services.stop("book")).toBe(0);

    const degraded = await health();
    expect(degraded.status).toBe(503);
    expect(degraded.body.status).toBe("degraded");
    expect(degraded.body.services.book).toBe("UNREACHABLE");
    expect(degraded.body.services.power).toBe("SERVING");

    const failed = await postForm("/api/book/get-ready-config", { number: "demo0001" });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      code: "ERROR",
      msg: "book 服务不可用：网络错误，请刷新重试或联系客服",
    });

    await services.start("book");
    await services.waitHealthy(30_000);
    // The gateway's channel reconnects on its own (backoff capped at 2 s); no other process is touched.
    const deadline = Date.now() + 10_000;
    let recovered = await postForm("/api/book/get-ready-config", { number: "demo0001" });
    while (recovered.body.code !== "OK" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      recovered = await postForm("/api/book/get-ready-config", { number: "demo0001" });
    }
    expect(recovered.body.code).toBe("OK");
    // The gateway kept running throughout: its log only grew.
    expect((await readFile(join(logDir, "gateway.log"), "utf8")).startsWith(gatewayLogBefore)).toBe(true);
  });

  it("shuts every process down cleanly on SIGTERM", async () => {
    for (const name of [
      "gateway",
      "insight",
      "language",
      "licence",
      "upload",
      "conversion",
      "book",
      "power",
    ] as const) {
      expect(await services.stop(name), `${name} exit code`).toBe(0);
    }
  });
});
