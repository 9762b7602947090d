import { randomBytes } from "node:crypto";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { PlanKind, Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import type { PowerRepository } from "@turnleaf/power/in-process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { errorLog } from "../support/error-log.js";
import { type PowerPart, startInProcessStack } from "../support/in-process-stack.js";
import { plainPowerUser } from "../support/power-users.js";
import { makePdf } from "../upload/fixtures.js";

// The power limits of uploads end to end: the power, book and upload services in this process on the run's real
// MongoDB-wire server, NATS JetStream and MinIO, with the real gateway in front (one per acting user).
const stores = workerStores();
// The services' error lines (a failed rpc or request with its cause) are kept for a failing assertion to print.
const { log, lines: errorLines } = errorLog("upload-limits-test");
const suffix = randomBytes(4).toString("hex");
const day = 86_400_000;

const startStack = () =>
  startInProcessStack({
    stores,
    label: `limits-${suffix}`,
    log,
    services: {
      power: {},
      book: {},
      // 50 uploads of one user held open at once: the race under test, above the open-task limit's default.
      upload: { settings: { ttlMs: 60 * 60 * 1000, partSizeBytes: 5 * 1024 * 1024, openTaskLimit: 60 } },
      language: {},
    },
    gateway: {},
  });
let stack: Awaited<ReturnType<typeof startStack>>;
let powerRepository: PowerRepository;
let admin: PowerPart["admin"];
let powerClient: PowerPart["client"];
let pdf: Buffer;

beforeAll(async () => {
  stack = await startStack();
  powerRepository = stack.power.assembled.repository;
  ({ admin, client: powerClient } = stack.power);
  pdf = await makePdf({ pages: 2 });
}, 60_000);

afterAll(() => stack?.stop());

interface Reply {
  code: string;
  msg: string;
  status: string;
  data: Record<string, unknown> | null;
}

/** The gateway acting as this user (sessions arrive with their issue; the dev actor stands in). */
const gatewayFor = (userId: string) => stack.gateway.as(userId);

async function post(userId: string, path: string, fields: Record<string, string>): Promise<Reply> {
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json() as Reply;
}

async function begin(userId: string, extra: Record<string, string> = {}): Promise<Reply> {
  return post(userId, "/api/book/begin-upload", {
    title: "A limited book",
    files: JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]),
    ...extra,
  });
}

/** Begins and sends the whole PDF; answers the task id. */
async function uploaded(userId: string, extra: Record<string, string> = {}): Promise<string> {
  const begun = await begin(userId, extra);
  expect(begun, begun.msg).toMatchObject({ code: "OK" });
  const taskId = String(begun.data?.taskId);
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: `/api/book/upload-book-files?taskId=${taskId}&fileId=f1&offset=0`,
    headers: { "content-type": "application/octet-stream" },
    payload: pdf,
  });
  expect(response.json()).toMatchObject({ code: "OK" });
  return taskId;
}

async function end(userId: string, taskId: string): Promise<Reply> {
  return post(userId, "/api/book/end-upload", { taskId });
}

let nextUserId = 30_000;
async function user(plan: { kind: PlanKind; points?: number; vipExpiresAt?: Date }, bookLimit?: number) {
  nextUserId += 1;
  const userId = String(nextUserId);
  await powerRepository.upsertUser(plainPowerUser(userId));
  await admin.setPlan({
    account: { userId },
    plan: {
      kind: plan.kind,
      points: plan.points ?? 0,
      ...(plan.vipExpiresAt ? { vipExpiresAt: timestampFromDate(plan.vipExpiresAt) } : {}),
    },
    actor: "test",
  });
  if (bookLimit !== undefined) {
    await admin.setQuotaOverride({ account: { userId }, quota: Quota.BOOK_FILE_NUM, limit: bookLimit, actor: "test" });
  }
  return userId;
}

async function booksHosted(userId: string): Promise<number> {
  const { power } = await admin.getAccountPower({ account: { userId } });
  return power?.usage.find((usage) => usage.quota === Quota.BOOK_FILE_NUM)?.used ?? -1;
}

const vip = { kind: PlanKind.VIP_ANNUAL, vipExpiresAt: new Date(Date.now() + 365 * day) };

describe("power limits at begin-upload", () => {
  it("refuses a free user with 'free users cannot use upload' (Chinese by default)", async () => {
    const userId = await user({ kind: PlanKind.FREE });
    const reply = await begin(userId);
    expect(reply).toMatchObject({ code: "ERROR", status: "0", msg: "免费用户不能使用上传" });
    expect(reply.data).toMatchObject({ reason: "FREE_PLAN" });
  });

  it("carries the zero-points warning in the task's message, and the upload completes", async () => {
    const userId = await user({ kind: PlanKind.POINTS, points: 0 });
    const reply = await begin(userId);
    expect(reply.code).toBe("OK");
    expect(reply.data?.message).toMatch(/^点数已用完：如果上传，本书将在 24 小时后（.+）暂停，除非购买点数或 VIP$/);
    const taskId = await uploaded(userId);
    expect(await end(userId, taskId)).toMatchObject({ code: "OK", data: { state: "completed", message: "" } });
    expect(await booksHosted(userId)).toBe(1);
  });

  it("answers BOOK_UPLOAD_OVER_LIMIT naming BOOK_FILE_NUM once the books fill the limit", async () => {
    const userId = await user(vip, 1);
    expect(await end(userId, await uploaded(userId))).toMatchObject({ code: "OK" });
    const reply = await begin(userId);
    expect(reply).toMatchObject({
      code: "BOOK_UPLOAD_OVER_LIMIT",
      status: "0",
      data: { quota: "BOOK_FILE_NUM", limit: 1, used: 1 },
    });
    expect(reply.msg).toBe("BOOK_FILE_NUM：已达到托管 1 本书的上限，请联系客服或释放名额");
  });
});

describe("power limits at end-upload", () => {
  it("takes the slot at completion: the second of two begun uploads is refused, a retry consumes nothing", async () => {
    const userId = await user(vip, 1);
    const first = await uploaded(userId);
    const second = await uploaded(userId);
    const done = await end(userId, first);
    expect(done).toMatchObject({ code: "OK", data: { state: "completed" } });
    const refused = await end(userId, second);
    expect(refused).toMatchObject({ code: "BOOK_UPLOAD_OVER_LIMIT", data: { quota: "BOOK_FILE_NUM" } });

    // The refused task waits (its bytes kept) and may be cancelled; the completed one answers its book again.
    const waiting = await post(userId, "/api/book/get-progress", { taskId: second });
    expect(waiting.data).toMatchObject({ phase: "upload", task: { state: "uploading", message: refused.msg } });
    expect(await post(userId, "/api/book/operate-book", { taskId: second, operate: "cancel" })).toMatchObject({
      code: "OK",
    });
    const retried = await end(userId, first);
    expect(retried).toMatchObject({ code: "OK", data: { bookId: done.data?.bookId } });
    expect(await booksHosted(userId)).toBe(1);
  });

  it("lets a full account overwrite its book, consuming nothing", async () => {
    const userId = await user(vip, 1);
    const done = await end(userId, await uploaded(userId));
    const bookId = String(done.data?.bookId);
    const overwrite = await uploaded(userId, { overwrite: "1", bookId });
    expect(await end(userId, overwrite)).toMatchObject({ code: "OK", data: { bookId, revision: 2 } });
    expect(await booksHosted(userId)).toBe(1);
  });

  it("fits the next upload once the book's slot is released", async () => {
    const userId = await user(vip, 1);
    const taskId = await uploaded(userId);
    await end(userId, taskId);
    expect((await begin(userId)).code).toBe("BOOK_UPLOAD_OVER_LIMIT");
    expect(await powerClient.releaseBookSlot({ userId, bookKey: `upload:${taskId}` })).toMatchObject({
      released: true,
    });
    expect((await begin(userId)).code).toBe("OK");
  });
});

describe("uploads on a host outside the product's own", () => {
  const productHost = "books.example.com";
  const otherHost = "embed.other.example";
  let hosted: FastifyInstance | undefined;

  /** A gateway knowing one product host, acting as the user; requests to any other host are user type 32. */
  async function hostedGateway(userId: string): Promise<FastifyInstance> {
    hosted ??= await stack.gateway.app({ devActorUserId: userId, productHosts: [productHost] });
    return hosted;
  }
  async function postTo(host: string, userId: string, path: string, fields: Record<string, string>) {
    const response = await (await hostedGateway(userId)).inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", host },
      payload: new URLSearchParams(fields).toString(),
    });
    return response.json() as Reply;
  }
  const beginFields = () => ({
    title: "A book from elsewhere",
    files: JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]),
  });

  it("checks begin-upload and the completion's slot as user type 32 (100 books), the product host as the user's type", async () => {
    const userId = await user(vip);
    const typeLimit = 100;
    // 99 hosted books: one more fits type 32's limit.
    for (let batch = 0; batch < typeLimit - 1; batch += 11) {
      const keys = Array.from({ length: Math.min(11, typeLimit - 1 - batch) }, (_, i) => `held:${batch + i}`);
      await Promise.all(keys.map((bookKey) => powerClient.reserveBookSlot({ asker: { userId }, bookKey })));
    }
    expect(await booksHosted(userId)).toBe(typeLimit - 1);
    const elsewhere = await postTo(otherHost, userId, "/api/book/begin-upload", beginFields());
    expect(elsewhere, elsewhere.msg).toMatchObject({ code: "OK" });
    const taskId = String(elsewhere.data?.taskId);
    const sent = await (await hostedGateway(userId)).inject({
      method: "POST",
      url: `/api/book/upload-book-files?taskId=${taskId}&fileId=f1&offset=0`,
      headers: { "content-type": "application/octet-stream", host: otherHost },
      payload: pdf,
    });
    expect(sent.json()).toMatchObject({ code: "OK" });
    // Meanwhile the 100th book is taken: the completion, begun from the other host, is refused at type 32's limit.
    await powerClient.reserveBookSlot({ asker: { userId }, bookKey: "held:last" });
    const refused = await postTo(productHost, userId, "/api/book/end-upload", { taskId });
    expect(refused).toMatchObject({
      code: "BOOK_UPLOAD_OVER_LIMIT",
      data: { quota: "BOOK_FILE_NUM", limit: typeLimit, used: typeLimit },
    });
    expect(await postTo(otherHost, userId, "/api/book/begin-upload", beginFields())).toMatchObject({
      code: "BOOK_UPLOAD_OVER_LIMIT",
      data: { limit: typeLimit },
    });
    // On the product host the user's own type (2: 1,000 books) applies.
    expect(await postTo(productHost, userId, "/api/book/begin-upload", beginFields())).toMatchObject({ code: "OK" });
    await hosted?.close();
    hosted = undefined;
  }, 120_000);
});

describe("power limits under concurrent completions", () => {
  it("completes exactly k of 50 uploads finished at once through the gateway, refusing the rest", async () => {
    const limit = 5;
    const userId = await user(vip, limit);
    const tasks: string[] = [];
    for (let index = 0; index < 50; index += 1) tasks.push(await uploaded(userId));
    const replies = await Promise.all(tasks.map((taskId) => end(userId, taskId)));
    const codes = replies.map((reply) => reply.code);
    const others = replies.filter((reply) => reply.code !== "OK" && reply.code !== "BOOK_UPLOAD_OVER_LIMIT");
    expect(others, errorLines()).toEqual([]);
    expect(codes.filter((code) => code === "OK")).toHaveLength(limit);
    expect(codes.filter((code) => code === "BOOK_UPLOAD_OVER_LIMIT")).toHaveLength(50 - limit);
    expect(await booksHosted(userId)).toBe(limit);
    const books = new Set(replies.filter((reply) => reply.code === "OK").map((reply) => reply.data?.bookId));
    expect(books.size).toBe(limit);
  }, 120_000);
});
