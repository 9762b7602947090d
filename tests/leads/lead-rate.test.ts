import { randomBytes } from "node:crypto";
import { type Connection, connectMongo } from "@turnleaf/kit";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadRepository } from "../../services/insight/src/data/lead.repository.js";
import { workerStores } from "../setup/worker-stores.js";

// The lead form's rate limit on the run's real store (FerretDB): 5 submissions per client in 10 minutes, counted
// over the last 10 minutes wherever the clock stands, and at most 5 let through when many arrive at once.
const stores = workerStores();
const limit = 5;
const windowMs = 600_000;
let mongo: Connection;
let leads: ReturnType<typeof leadRepository>;

beforeAll(async () => {
  mongo = await connectMongo({
    uri: stores.mongodbUri,
    database: `turnleaf-lead-rate-${randomBytes(4).toString("hex")}`,
    log: pino({ level: "warn" }),
  });
  leads = leadRepository(mongo);
  await leads.ensureIndexes();
});

afterAll(async () => {
  await mongo?.dropDatabase?.().catch(() => undefined);
  await mongo?.close();
});

describe("lead submissions per client", () => {
  it("counts the last 10 minutes across a 10-minute mark of the clock; the sweep keeps what still counts", async () => {
    // One second before a multiple of the window, then two seconds later.
    const mark = Math.ceil(Date.now() / windowMs) * windowMs;
    const counts: number[] = [];
    for (let index = 0; index < limit; index += 1)
      counts.push(await leads.countSubmission("edge", windowMs, mark - 1_000));
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(await leads.countSubmission("edge", windowMs, mark + 1_000)).toBe(limit + 1);
    // Another client has its own count.
    expect(await leads.countSubmission("someone else", windowMs, mark + 1_000)).toBe(1);
    // Ten minutes after the first five, only the sixth is still in the window (and this one).
    expect(await leads.countSubmission("edge", windowMs, mark - 1_000 + windowMs)).toBe(2);
    // The sweep drops only what can no longer count.
    await leads.forgetRatesBefore(new Date(mark + windowMs));
    expect(await leads.countSubmission("edge", windowMs, mark + windowMs)).toBe(3);
  });

  it("lets at most 5 of 12 submissions at once through, and counts every one", async () => {
    const at = Date.now();
    const counts = await Promise.all(Array.from({ length: 12 }, () => leads.countSubmission("burst", windowMs, at)));
    expect(counts.filter((count) => count <= limit).length).toBeLessThanOrEqual(limit);
    expect(await leads.countSubmission("burst", windowMs, at)).toBe(13);
  });
});
