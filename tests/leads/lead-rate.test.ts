import { randomBytes } from "node:crypto";
import { assembleInsight, leadHandlers } from "@turnleaf/insight/in-process";
import { type Connection, connectMongo, DomainError } from "@turnleaf/kit";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

// The lead form's rate limit (the kit's MongoDB rate limit, rate-limiter-flexible) on the run's real store: 5
// submissions per client in 10 minutes, never more in any 10 minutes wherever the clock stands (each submission
// restarts the window), forgotten after a quiet window, and at most 5 let through when many arrive at once.
const stores = workerStores();
const limit = 5;
const windowMs = 600_000;
let mongo: Connection;
let clockMs = Date.now();
let submitLead: (clientKey: string) => Promise<"OK" | "RATE_LIMITED">;
const bookId = "lead-rate-book";

beforeAll(async () => {
  mongo = await connectMongo({
    uri: stores.mongodbUri,
    database: `turnleaf-lead-rate-${randomBytes(4).toString("hex")}`,
    log: pino({ level: "warn" }),
  });
  const insight = await assembleInsight(mongo);
  await insight.settings.update(
    bookId,
    {
      leadForm: {
        enabled: true,
        beforePage: 2,
        skippable: true,
        title: "Price list",
        consentText: "",
        fields: [{ key: "name", label: "Name", kind: "name", required: true }],
      },
    },
    "whsec_test",
  );
  const handlers = leadHandlers({
    ...insight,
    leadRateLimit: limit,
    leadRateWindowMs: windowMs,
    now: () => new Date(clockMs),
  });
  submitLead = async (clientKey) => {
    try {
      await handlers.submitLead(
        { bookId, values: { name: "Reader" }, consent: false, clientKey, page: 1 } as never,
        {} as never,
      );
      return "OK";
    } catch (error) {
      if (error instanceof DomainError && error.kind === "RATE_LIMITED") return "RATE_LIMITED";
      throw error;
    }
  };
});

afterAll(async () => {
  await mongo?.dropDatabase?.().catch(() => undefined);
  await mongo?.close();
});

describe("lead submissions per client", () => {
  it("holds 5 in any 10 minutes across a 10-minute mark of the clock; a quiet window forgets them", async () => {
    // One second before a multiple of the window, then two seconds later.
    const mark = Math.ceil(Date.now() / windowMs) * windowMs;
    clockMs = mark - 1_000;
    const answers: string[] = [];
    for (let index = 0; index < limit; index += 1) answers.push(await submitLead("edge"));
    expect(answers).toEqual(["OK", "OK", "OK", "OK", "OK"]);
    clockMs = mark + 1_000;
    expect(await submitLead("edge")).toBe("RATE_LIMITED");
    // Another client has its own count.
    expect(await submitLead("someone else")).toBe("OK");
    // Ten minutes after the first five the refused one still holds the client back: no window holds more than 5.
    clockMs = mark - 1_000 + windowMs;
    expect(await submitLead("edge")).toBe("RATE_LIMITED");
    // After ten quiet minutes the client starts again.
    clockMs += windowMs + 1_000;
    expect(await submitLead("edge")).toBe("OK");
  });

  it("lets at most 5 of 12 submissions at once through", async () => {
    clockMs = Date.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => submitLead("burst")));
    expect(answers.filter((answer) => answer === "OK")).toHaveLength(limit);
    expect(await submitLead("burst")).toBe("RATE_LIMITED");
  });
});
