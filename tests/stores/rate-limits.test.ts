import { randomUUID } from "node:crypto";
import { connectMongo, createLogger, mongoRateLimit } from "@turnleaf/kit";
import { afterAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

// The kit's MongoDB rate limits (rate-limiter-flexible's RateLimiterMongo) on the real MongoDB-wire server: counts
// shared by two connections (two replicas), kept across a reconnect (a restart), exact under concurrency, and on
// the service's clock.
const log = createLogger({ service: "test", level: "silent" });
const stores = workerStores();
const database = `test-${randomUUID()}`;
const open = () => connectMongo({ uri: stores.mongodbUri, database, log });
const connection = await open();
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe("mongoRateLimit", () => {
  it("lets exactly the allowance through of 40 concurrent takes, and a refusal costs nothing", async () => {
    const limit = mongoRateLimit(connection, "concurrent", { points: 7, durationSeconds: 600 }, now);
    await limit.ready();
    const answers = await Promise.all(Array.from({ length: 40 }, () => limit.take("k")));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(7);
    const refused = answers.find((answer) => !answer.allowed);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(590);
    expect(await limit.peek("k")).toMatchObject({ allowed: true, consumed: 7 });
  });

  it("keeps one count for two connections and across a reconnect", async () => {
    const rule = { points: 3, durationSeconds: 600 };
    const first = mongoRateLimit(connection, "replicas", rule, now);
    await first.ready();
    const second = await open();
    try {
      const other = mongoRateLimit(second, "replicas", rule, now);
      expect((await first.take("k")).allowed).toBe(true);
      expect((await other.take("k")).allowed).toBe(true);
      expect((await first.take("k")).allowed).toBe(true);
      expect((await other.take("k")).allowed).toBe(false);
    } finally {
      await second.close();
    }
    const restarted = await open();
    try {
      expect(await mongoRateLimit(restarted, "replicas", rule, now).peek("k")).toMatchObject({ consumed: 3 });
    } finally {
      await restarted.close();
    }
  });

  it("follows the service's clock: a window past its end starts again", async () => {
    const limit = mongoRateLimit(connection, "clock", { points: 2, durationSeconds: 60 }, now);
    await limit.ready();
    await limit.take("k");
    await limit.take("k");
    expect((await limit.take("k")).allowed).toBe(false);
    clockOffsetMs = 61_000;
    try {
      expect(await limit.peek("k")).toEqual({ allowed: true, consumed: 0, retryAfterSeconds: 0 });
      expect(await limit.take("k")).toMatchObject({ allowed: true, consumed: 1 });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("with slide, forgets a count only after a quiet window; blocks run and are never shortened", async () => {
    const limit = mongoRateLimit(connection, "slide", { points: 100, durationSeconds: 60, slide: true }, now);
    await limit.ready();
    await limit.count("k");
    clockOffsetMs = 50_000;
    try {
      expect(await limit.count("k")).toMatchObject({ consumed: 2 });
      clockOffsetMs = 100_000;
      // 100 s after the first, 50 s after the last: still counted.
      expect(await limit.count("k")).toMatchObject({ consumed: 3 });
      clockOffsetMs = 161_000;
      expect((await limit.peek("k")).consumed).toBe(0);
    } finally {
      clockOffsetMs = 0;
    }
    const blocks = mongoRateLimit(connection, "blocks", { points: 1, durationSeconds: 60 }, now);
    await blocks.ready();
    await blocks.block("k", 120);
    await blocks.block("k", 30);
    const blocked = await blocks.peek("k");
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(100);
  });
});
