import { randomBytes } from "node:crypto";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { FolderType, PlanKind, PowerService, Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type Connection,
  codedOfText,
  connectMongo,
  createClient,
  createLogger,
  DomainError,
  type RunningGrpcServer,
  startGrpcServer,
  type TypedClient,
} from "@turnleaf/kit";
import { assemblePower, buildServices, type PowerRepository } from "@turnleaf/power/in-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { plainPowerUser } from "../support/power-users.js";

// The power service in this process on the run's real MongoDB-wire server, asked over gRPC as its callers ask it.
const stores = workerStores();
const log = createLogger({ service: "power-test", level: "silent" });
const day = 86_400_000;

let mongo: Connection;
let server: RunningGrpcServer;
let repository: PowerRepository;
let power: TypedClient<typeof PowerService>;
let admin: TypedClient<typeof PowerAdminService>;

beforeAll(async () => {
  mongo = await connectMongo({
    uri: stores.mongodbUri,
    database: `turnleaf-power-test-${randomBytes(4).toString("hex")}`,
    log,
  });
  const assembled = await assemblePower({ mongo, log, demoSeed: true });
  repository = assembled.repository;
  server = await startGrpcServer({ host: "127.0.0.1", port: 0, services: buildServices(assembled), log });
  server.setServing(true);
  power = createClient(PowerService, `127.0.0.1:${server.port}`, { peer: "power" });
  admin = createClient(PowerAdminService, `127.0.0.1:${server.port}`, { peer: "power" });
}, 60_000);

afterAll(async () => {
  power?.close();
  admin?.close();
  await server?.stop(1_000);
  await mongo?.dropDatabase();
  await mongo?.close();
});

let nextUserId = 20_000;
/** A fresh user (uType 2) with the plan given, or none (a new user). */
async function user(plan?: { kind: PlanKind; points?: number; vipExpiresAt?: Date }): Promise<string> {
  nextUserId += 1;
  const userId = String(nextUserId);
  await repository.upsertUser(plainPowerUser(userId));
  if (plan) {
    await admin.setPlan({
      account: { userId },
      plan: {
        kind: plan.kind,
        points: plan.points ?? 0,
        ...(plan.vipExpiresAt ? { vipExpiresAt: timestampFromDate(plan.vipExpiresAt) } : {}),
      },
      actor: "test",
      reason: "fixture",
    });
  }
  return userId;
}

const vipForAYear = { kind: PlanKind.VIP_ANNUAL, vipExpiresAt: new Date(Date.now() + 365 * day) };

async function refusal(call: Promise<unknown>): Promise<DomainError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function limitUser(userId: string, quota: Quota, limit: number | undefined) {
  await admin.setQuotaOverride({ account: { userId }, quota, limit, actor: "support", reason: "test" });
}

describe("upload decisions", () => {
  it("refuses free users with 'free users cannot use upload'", async () => {
    const userId = await user({ kind: PlanKind.FREE });
    // Calls start one at a time: a refusal created before its handler is attached would be unhandled.
    for (const call of [
      () => power.checkUpload({ asker: { userId } }),
      () => power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${userId}-a` }),
    ]) {
      const error = await refusal(call());
      expect(error).toMatchObject({ kind: "PERMISSION_DENIED", messageKey: "freeUserUpload" });
    }
  });

  it("gives a new user 5 free points at the first ask, once, in the audit trail", async () => {
    const userId = await user();
    const { standing } = await power.checkUpload({ asker: { userId } });
    expect(standing).toMatchObject({ plan: PlanKind.POINTS, account: `user:${userId}`, userType: 2 });
    expect(standing?.warning).toBeUndefined();
    await power.checkUpload({ asker: { userId } });
    const { power: account } = await admin.getAccountPower({ account: { userId } });
    expect(account?.plan).toMatchObject({ kind: PlanKind.POINTS, points: 5 });
    expect(account?.events.filter((event) => event.action === "grant-new-user-points")).toHaveLength(1);
  });

  it("allows zero points and an expired VIP plan with the 24-hour pause warning and its time", async () => {
    const broke = await user({ kind: PlanKind.POINTS, points: 0 });
    const lapsed = await user({ kind: PlanKind.VIP_MONTHLY, vipExpiresAt: new Date(Date.now() - day) });
    for (const [userId, code] of [
      [broke, "POINTS_EXHAUSTED"],
      [lapsed, "VIP_EXPIRED"],
    ] as const) {
      const { standing } = await power.checkUpload({ asker: { userId } });
      expect(standing?.warning).toMatchObject({ code });
      // A coded message ('… the book will be paused after 24 hours …'), rendered by the gateway.
      expect(codedOfText(standing?.warning?.message ?? "")?.key).toBe(
        code === "POINTS_EXHAUSTED" ? "pointsExhausted" : "vipExpired",
      );
      const pauseAt = timestampDate(standing?.warning?.pauseAt ?? timestampFromDate(new Date(0)));
      expect(pauseAt.getTime()).toBeGreaterThan(Date.now() + day - 60_000);
      const reserved = await power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${userId}-w` });
      expect(reserved.standing?.warning?.code).toBe(code);
    }
    const paid = await user(vipForAYear);
    expect((await power.checkUpload({ asker: { userId: paid } })).standing?.warning).toBeUndefined();
  });

  it("refuses a book over BOOK_FILE_NUM with QUOTA_EXCEEDED (BOOK_UPLOAD_OVER_LIMIT), and an overwrite not", async () => {
    const userId = await user(vipForAYear);
    await limitUser(userId, Quota.BOOK_FILE_NUM, 2);
    for (const key of ["a", "b"])
      await power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${userId}-${key}` });
    for (const call of [
      () => power.checkUpload({ asker: { userId } }),
      () => power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${userId}-c` }),
    ]) {
      const error = await refusal(call());
      expect(error).toMatchObject({
        kind: "QUOTA_EXCEEDED",
        restCode: "BOOK_UPLOAD_OVER_LIMIT",
        details: { quota: "BOOK_FILE_NUM", limit: 2, used: 2 },
      });
    }
    const overwrite = await power.checkUpload({ asker: { userId }, existingBook: true });
    expect(overwrite.standing).toMatchObject({ quota: Quota.BOOK_FILE_NUM, limit: 2, used: 2, limitSource: "user" });
  });

  it("counts publications against PUB_BOOK_NUM, apart from books", async () => {
    const userId = await user(vipForAYear);
    await limitUser(userId, Quota.PUB_BOOK_NUM, 1);
    await limitUser(userId, Quota.BOOK_FILE_NUM, 1);
    const publication = { userId, folderType: FolderType.PUBLICATION };
    const first = await power.reserveBookSlot({ asker: publication, bookKey: `upload:${userId}-p1` });
    expect(first.standing).toMatchObject({ quota: Quota.PUB_BOOK_NUM, limit: 1, used: 1 });
    const error = await refusal(power.reserveBookSlot({ asker: publication, bookKey: `upload:${userId}-p2` }));
    expect(error.details).toMatchObject({ quota: "PUB_BOOK_NUM" });
    const book = await power.reserveBookSlot({
      asker: { userId, folderType: FolderType.BOOK },
      bookKey: `upload:${userId}-b1`,
    });
    expect(book.standing).toMatchObject({ quota: Quota.BOOK_FILE_NUM, used: 1 });
    const { power: account } = await admin.getAccountPower({ account: { userId } });
    expect(account?.usage).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ quota: Quota.BOOK_FILE_NUM, used: 1 }),
        expect.objectContaining({ quota: Quota.PUB_BOOK_NUM, used: 1 }),
      ]),
    );
  });

  it("takes the user's override over the team's over the plan's, in the team's account as type 13", async () => {
    const userId = await user();
    const teamId = String(nextUserId + 500);
    // An editor's role: its book power lets a member spend the team's points on an upload (BOOK_UPLOAD by default).
    await admin.setTeamRole({
      teamId,
      roleId: "1",
      roleName: "editor",
      powers: ["BOOK_EDIT_OTHER", "BOOK_VIEW_OTHER"],
    });
    await repository.upsertTeamMember({ teamId, userId, roleId: "1", roleName: "editor" });
    await admin.setPlan({
      account: { teamId },
      plan: { kind: PlanKind.POINTS, points: 100 },
      actor: "billing",
      reason: "",
    });
    const asker = { userId, teamId };
    const plan = await power.checkUpload({ asker });
    expect(plan.standing).toMatchObject({ limit: 1000, limitSource: "plan", userType: 13, account: `team:${teamId}` });
    await admin.setQuotaOverride({
      account: { teamId },
      quota: Quota.BOOK_FILE_NUM,
      limit: 4,
      actor: "support",
      reason: "",
    });
    expect((await power.checkUpload({ asker })).standing).toMatchObject({ limit: 4, limitSource: "team" });
    await limitUser(userId, Quota.BOOK_FILE_NUM, 7);
    expect((await power.checkUpload({ asker })).standing).toMatchObject({ limit: 7, limitSource: "user" });
    await limitUser(userId, Quota.BOOK_FILE_NUM, undefined);
    expect((await power.checkUpload({ asker })).standing).toMatchObject({ limit: 4, limitSource: "team" });
    const { power: trail } = await admin.getAccountPower({ account: { userId } });
    expect(trail?.events.map((event) => event.action)).toEqual(
      expect.arrayContaining(["set-override", "remove-override"]),
    );
  });

  it("refuses a team upload by a non-member, and a team without a plan as free", async () => {
    const userId = await user(vipForAYear);
    const teamId = String(nextUserId + 900);
    expect(await refusal(power.checkUpload({ asker: { userId, teamId } }))).toMatchObject({
      kind: "PERMISSION_DENIED",
    });
    // An editor's role: its book power lets a member spend the team's points on an upload (BOOK_UPLOAD by default).
    await admin.setTeamRole({
      teamId,
      roleId: "1",
      roleName: "editor",
      powers: ["BOOK_EDIT_OTHER", "BOOK_VIEW_OTHER"],
    });
    await repository.upsertTeamMember({ teamId, userId, roleId: "1", roleName: "editor" });
    const error = await refusal(power.checkUpload({ asker: { userId, teamId } }));
    expect(error.messageKey).toBe("freeUserUpload");
  });
});

describe("book slots", () => {
  it("gives exactly k of 50 concurrent reservations against a limit of k", async () => {
    const userId = await user(vipForAYear);
    const k = 7;
    await limitUser(userId, Quota.BOOK_FILE_NUM, k);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${userId}-c${index}` }),
      ),
    );
    const granted = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(granted).toHaveLength(k);
    for (const outcome of refused) expect((outcome.reason as DomainError).kind).toBe("QUOTA_EXCEEDED");
    expect(new Set(granted.map((outcome) => outcome.value.slot))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    const { power: account } = await admin.getAccountPower({ account: { userId } });
    expect(account?.usage.find((usage) => usage.quota === Quota.BOOK_FILE_NUM)?.used).toBe(k);
  });

  it("consumes once per book key, even asked concurrently, and frees the slot on release", async () => {
    const userId = await user(vipForAYear);
    await limitUser(userId, Quota.BOOK_FILE_NUM, 3);
    const bookKey = `upload:${userId}-retried`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => power.reserveBookSlot({ asker: { userId }, bookKey })),
    );
    expect(new Set(answers.map((answer) => answer.slot)).size).toBe(1);
    expect(answers.filter((answer) => !answer.alreadyReserved)).toHaveLength(1);
    const again = await power.reserveBookSlot({ asker: { userId }, bookKey });
    expect(again).toMatchObject({ alreadyReserved: true, standing: { used: 1 } });

    expect(await power.releaseBookSlot({ userId, bookKey })).toMatchObject({ released: true });
    expect(await power.releaseBookSlot({ userId, bookKey })).toMatchObject({ released: false });
    expect((await power.checkUpload({ asker: { userId } })).standing?.used).toBe(0);
  });

  it("keeps another account from releasing or reusing a key it does not hold", async () => {
    const owner = await user(vipForAYear);
    const other = await user(vipForAYear);
    const bookKey = `upload:${owner}-mine`;
    await power.reserveBookSlot({ asker: { userId: owner }, bookKey });
    expect(await power.releaseBookSlot({ userId: other, bookKey })).toMatchObject({ released: false });
    expect(await refusal(power.reserveBookSlot({ asker: { userId: other }, bookKey }))).toMatchObject({
      kind: "CONFLICT",
    });
  });

  it("seeds the demo user with a VIP plan that may upload", async () => {
    const { standing } = await power.checkUpload({ asker: { userId: "10001" } });
    expect(standing).toMatchObject({ plan: PlanKind.VIP_ANNUAL, limit: 1000 });
    expect(standing?.warning).toBeUndefined();
  });
});
