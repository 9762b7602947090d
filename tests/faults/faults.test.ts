/**
 * Fault tests (issue 14, part 3): on a stack of its own (stores and the seven processes on one data folder), each
 * service and each store is killed with SIGKILL in the middle of an upload, of a conversion and of a burst of editor
 * saves, then started again. Every book ends complete exactly once (all pages served, one ready event, one revision),
 * no upload is lost or duplicated (one book per upload, its source byte-exact), and every save either landed or was
 * answered with an error. Then the whole stack is killed and started again on the same folder: every book, setting,
 * session and unfinished task is still there.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { Client as MinioClient } from "minio";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UploadClient } from "../../scripts/bench/upload-interrupt-client.js";
import {
  freePort,
  freeServicePorts,
  type GrpcServiceName,
  type ProcessName,
  type RunningServices,
  startServices,
} from "../../scripts/src/services.js";
import { type RunningStores, type StorePorts, startStores } from "../../scripts/src/stores.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";

type StoreName = "ferretdb" | "minio" | "nats";
const log = pino({ level: "silent" });

/** This file's own stores (never the run's shared ones: they are killed here), forced local. */
const localEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(MONGODB_URI|NATS_URL|S3_)/.test(name)),
);
let dataDir: string;
let conversionTmp: string;
let storePorts: StorePorts;
const storeSets: RunningStores[] = [];
let stores: RunningStores;
let services: RunningServices;
let client: UploadClient;
let s3: MinioClient;
/** The book every round's editor saves go to, and every key a save was answered OK for. */
let savesBookId = "";
const savedKeys: string[] = [];
const books: { bookId: string; number: string; pages: number; taskId: string; fileId: string; sha: string }[] = [];

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function startAllStores() {
  const started = await startStores({ dataDir, ports: storePorts, log, env: localEnv });
  storeSets.push(started);
  return started;
}

/** The child process of this test running a service (the supervisor keeps no pid we can signal with SIGKILL). */
function servicePid(name: ProcessName): number {
  const listing = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  const line = listing.split("\n").find((entry) => entry.includes(`services/${name}/dist/main.bundle.mjs`));
  if (!line) throw new Error(`no running ${name} process`);
  return Number(line.trim().split(/\s+/)[0]);
}

/** Whether a process is gone (or a zombie waiting to be reaped). */
async function gone(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat === "" || stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
}

async function killPid(pid: number) {
  process.kill(pid, "SIGKILL");
  await expect.poll(() => gone(pid), { timeout: 10_000 }).toBe(true);
}

const isStore = (target: ProcessName | StoreName): target is StoreName =>
  target === "ferretdb" || target === "minio" || target === "nats";

/** SIGKILL for every target at once, then each started again on its data and port; answers when all are healthy. */
async function killAndRestart(targets: (ProcessName | StoreName)[]) {
  const pids = await Promise.all(
    targets.map(async (target) =>
      isStore(target) ? Number((await readFile(join(dataDir, `${target}.pid`), "utf8")).trim()) : servicePid(target),
    ),
  );
  await Promise.all(pids.map((pid) => killPid(pid)));
  await sleep(300);
  const killedStores = targets.filter(isStore);
  if (killedStores.length > 0) {
    // Only the killed servers start again: the others are passed in as external ones.
    const external: Record<string, string> = {};
    if (!killedStores.includes("ferretdb")) external.MONGODB_URI = stores.mongodbUri;
    if (!killedStores.includes("nats")) external.NATS_URL = stores.natsUrl;
    if (!killedStores.includes("minio")) {
      Object.assign(external, {
        S3_ENDPOINT: stores.s3.endpoint,
        S3_ACCESS_KEY_ID: stores.s3.accessKey,
        S3_SECRET_ACCESS_KEY: stores.s3.secretKey,
      });
    }
    storeSets.push(await startStores({ dataDir, ports: storePorts, log, env: { ...localEnv, ...external } }));
  }
  for (const target of targets) if (!isStore(target)) await services.start(target);
  await services.waitHealthy(90_000);
}

async function readyEvents(bookId: string): Promise<number> {
  const nats = await connect({ servers: stores.natsUrl });
  try {
    const subject = `book.v1.book.${bookId}.ready`;
    const info = await (await jetstreamManager(nats)).streams.info("BOOK", { subjects_filter: subject });
    return Number((info.state.subjects as Record<string, number> | undefined)?.[subject] ?? 0);
  } finally {
    await nats.close();
  }
}

async function storedSource(taskId: string, fileId: string): Promise<string> {
  const stream = await s3.getObject("turnleaf-sources", `uploads/${taskId}/${fileId}`);
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return sha256(Buffer.concat(parts));
}

/** The book as readers get it: its page count, and every page's first picture answered. */
async function servedPages(number: string): Promise<{ pageCount: number; served: number }> {
  const book = (await (await fetch(`${services.gatewayUrl}/b/${number}/book.json`)).json()) as {
    pageCount: number;
    pages: { renditions: { url: string }[] }[];
  };
  const statuses = await Promise.all(
    book.pages.map(async (page) => (await fetch(`${services.gatewayUrl}${page.renditions[0]?.url ?? "/none"}`)).status),
  );
  return { pageCount: book.pageCount, served: statuses.filter((status) => status === 200).length };
}

async function bookCount(): Promise<number> {
  return Number((await client.postUntilOk("/api/book/get-book-list", {}, Date.now() + 30_000)).data?.total ?? 0);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "turnleaf-faults-"));
  storePorts = {
    mongodb: await freePort(),
    minio: await freePort(),
    minioConsole: await freePort(),
    nats: await freePort(),
    natsMonitor: await freePort(),
  };
  stores = await startAllStores();
  conversionTmp = join(dataDir, "conversion-tmp");
  await mkdir(conversionTmp);
  services = await startServices({
    stores: { ...stores, stop: async () => undefined },
    ports: await freeServicePorts(),
    demo: true,
    log,
    logDir: dataDir,
    // A killed conversion's files are removed by the next process once untouched this long (10 minutes deployed).
    // A killed worker's job comes back after the ack wait: short here, so a round does not wait a minute.
    environment: {
      CONVERSION_TMP_DIR: conversionTmp,
      CONVERSION_TMP_STALE_MS: "10000",
      CONVERSION_ACK_WAIT_MS: "4000",
    },
  });
  await services.waitHealthy(90_000);
  client = new UploadClient(services.gatewayUrl);
  const s3Url = new URL(stores.s3.endpoint);
  s3 = new MinioClient({
    endPoint: s3Url.hostname,
    port: Number(s3Url.port),
    useSSL: false,
    accessKey: stores.s3.accessKey,
    secretKey: stores.s3.secretKey,
    region: stores.s3.region,
  });
}, 180_000);

afterAll(async () => {
  await services?.stopAll();
  for (const set of storeSets.reverse()) await set.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** Uploads a PDF whole and waits for its book (the book the saves go to). */
async function uploadWhole(title: string, pdf: Buffer) {
  const deadline = Date.now() + 120_000;
  const task = await client.begin(title, [{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]);
  const fileId = task.files[0]?.fileId ?? "";
  await client.sendFile(task.taskId, fileId, pdf, { chunkBytes: 1 << 20, deadline });
  const book = await client.end(task.taskId, deadline);
  return { ...book, taskId: task.taskId, fileId, deadline };
}

/** Each service and each store, two per round (a service beside a store) so the suite starts few processes. */
const rounds: (ProcessName | StoreName)[][] = [
  ["book", "ferretdb"],
  ["upload", "minio"],
  ["conversion", "nats"],
  ["gateway", "power"],
  ["licence", "language"],
];

describe("kill -9 in the middle of an upload, a conversion and a burst of editor saves", () => {
  it("has a book for the saves", async () => {
    const book = await uploadWhole("Saves", await labelledPdf("S", 2));
    expect(await client.waitReady(book.taskId, book.deadline)).toBe("ready");
    savesBookId = book.bookId;
  }, 120_000);

  it.each(rounds.map((targets, round) => [targets.join(" and "), targets, round] as const))(
    "%s: every book complete once, no upload lost or duplicated, every save landed or refused",
    async (named, targets, round) => {
      const deadline = Date.now() + 240_000;
      const booksBefore = await bookCount();

      // An upload half sent when the process dies.
      const uploadPdf = await labelledPdf(`U${round}-`, 12);
      const upload = await client.begin(`Upload ${named}`, [
        { name: "u.pdf", size: uploadPdf.length, type: "application/pdf" },
      ]);
      const uploadFile = upload.files[0]?.fileId ?? "";
      const half = Math.floor(uploadPdf.length / 2);
      await client.sendFile(upload.taskId, uploadFile, uploadPdf.subarray(0, half), {
        chunkBytes: 4096,
        deadline,
      });

      // A conversion under way when the process dies.
      const convertPdf = await labelledPdf(`C${round}-`, 20);
      const converting = await uploadWhole(`Conversion ${named}`, convertPdf);

      // A burst of editor saves around the kill.
      const saves = Array.from({ length: 20 }, (_, index) =>
        sleep(index * 40)
          .then(() =>
            client.post("/api/book/update-book", {
              bookId: savesBookId,
              bookConfig: JSON.stringify({ [`r${round}k${index}`]: index }),
            }),
          )
          .then(
            (reply) => ({ key: `r${round}k${index}`, code: reply.code }),
            () => ({ key: `r${round}k${index}`, code: "NO ANSWER" }),
          ),
      );
      await sleep(250);
      const conversionFolders = await readdir(conversionTmp);
      await killAndRestart(targets);
      const answered = await Promise.all(saves);
      for (const save of answered) if (save.code === "OK") savedKeys.push(save.key);

      // The upload resumes where the server is, and both books finish.
      await client.sendFile(upload.taskId, uploadFile, uploadPdf, { chunkBytes: 4096, deadline });
      const uploaded = await client.end(upload.taskId, deadline);
      expect(await client.waitReady(upload.taskId, deadline)).toBe("ready");
      expect(await client.waitReady(converting.taskId, deadline)).toBe("ready");

      for (const [book, pdf, pages, taskId, fileId] of [
        [uploaded, uploadPdf, 12, upload.taskId, uploadFile],
        [converting, convertPdf, 20, converting.taskId, converting.fileId],
      ] as const) {
        expect(await servedPages(book.number)).toEqual({ pageCount: pages, served: pages });
        expect(await readyEvents(book.bookId)).toBe(1);
        const info = await client.post("/api/book/get-book", { bookId: book.bookId });
        expect((info.data as { bookId: string }).bookId).toBe(book.bookId);
        const sha = await storedSource(taskId, fileId);
        expect(sha).toBe(sha256(pdf));
        books.push({ bookId: book.bookId, number: book.number, pages, taskId, fileId, sha });
      }
      // One book per upload, none twice.
      expect(await bookCount()).toBe(booksBefore + 2);
      // Every save answered OK is stored; the others were answered with an error (none silently lost).
      const stored = (await client.post("/api/book/get-book", { bookId: savesBookId })).data as {
        htmlConfig: Record<string, unknown>;
      };
      for (const key of savedKeys) expect(stored.htmlConfig, key).toHaveProperty(key);
      // The killed conversion's downloaded sources do not stay behind: its successor removes its folder.
      if (targets.includes("conversion")) {
        expect(conversionFolders).toHaveLength(1);
        await expect
          .poll(() => readdir(conversionTmp), { timeout: 30_000 })
          .toEqual([expect.not.stringMatching(conversionFolders[0] ?? "")]);
      }
    },
    300_000,
  );
});

describe("a restart of the whole stack on the same data folder", () => {
  it("keeps every book, setting, session and unfinished task", async () => {
    const deadline = Date.now() + 240_000;
    const login = await fetch(`${services.gatewayUrl}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "demo@turnleaf.local", password: "turnleaf-demo" }),
    });
    const cookie = (login.headers.getSetCookie().find((value) => value.startsWith("tl_session=")) ?? "").split(";")[0];
    expect(cookie).toMatch(/^tl_session=/);
    const pdf = await labelledPdf("T", 4);
    const task = await client.begin("Left unfinished", [{ name: "t.pdf", size: pdf.length, type: "application/pdf" }]);
    const fileId = task.files[0]?.fileId ?? "";
    const part = pdf.subarray(0, Math.floor(pdf.length / 3));
    await client.sendFile(task.taskId, fileId, part, { chunkBytes: 4096, deadline });

    // Everything dies at once, as in a power cut.
    const pids = (["gateway", "book", "power", "upload", "conversion", "licence", "language"] as const).map((name) =>
      servicePid(name),
    );
    const storePids = await Promise.all(
      (["ferretdb", "minio", "nats"] as const).map(async (name) =>
        Number((await readFile(join(dataDir, `${name}.pid`), "utf8")).trim()),
      ),
    );
    await Promise.all([...pids, ...storePids].map((pid) => killPid(pid)));
    await sleep(500);
    stores = await startAllStores();
    for (const name of [
      ...(["power", "book", "upload", "conversion", "licence", "language"] as GrpcServiceName[]),
      "gateway" as const,
    ]) {
      await services.start(name);
    }
    await services.waitHealthy(120_000);

    for (const book of books) {
      expect(await servedPages(book.number)).toEqual({ pageCount: book.pages, served: book.pages });
      expect(await storedSource(book.taskId, book.fileId)).toBe(book.sha);
      expect(await readyEvents(book.bookId)).toBe(1);
    }
    const settings = (await client.post("/api/book/get-book", { bookId: savesBookId })).data as {
      htmlConfig: Record<string, unknown>;
    };
    for (const key of savedKeys) expect(settings.htmlConfig, key).toHaveProperty(key);
    const session = await fetch(`${services.gatewayUrl}/api/user/get-user-info`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie ?? "" },
      body: "",
    });
    expect(((await session.json()) as { code: string }).code).toBe("OK");
    expect(await client.serverOffset(task.taskId, fileId)).toBe(part.length);
    await client.sendFile(task.taskId, fileId, pdf, { chunkBytes: 4096, deadline });
    await client.end(task.taskId, deadline);
    expect(await client.waitReady(task.taskId, deadline)).toBe("ready");
    expect(await storedSource(task.taskId, fileId)).toBe(sha256(pdf));
  }, 300_000);
});
