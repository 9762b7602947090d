import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { startSystem } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";
import { numberedPdf, postAs } from "../support/insight.js";
import { uploadPdf } from "../support/system.js";

// The platform's one rate-limit mechanism (the kit's rate limits on rate-limiter-flexible) against the built
// processes on the run's real stores: many attempts at once never let more than the allowance through (login
// attempts, sign-ups, lead submissions), and a count kept in MongoDB outlives the service's restart.
const stores = workerStores();
let services: RunningServices;

beforeAll(async () => {
  // Three sign-ups per address (the default is 30): fewer password hashes at once on a busy machine.
  // The worker's stores keep every earlier file's sign-ups from loopback: this file's requests come from an address
  // of their own, told to the gateway as a trusted proxy would.
  services = await startSystem(stores, "ratelimits", 60_000, { SIGN_UP_LIMIT: "3", TRUST_PROXY: "loopback" });
}, 180_000);

afterAll(async () => {
  await services?.stopAll();
});

/** A documentation-range address of this run's own. */
const clientAddress = `198.18.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 254)}`;

const post = async (path: string, fields: Record<string, string>) => {
  const response = await fetch(`${services.gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": clientAddress },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as { code: string; msg: string; data: Record<string, unknown> | null };
};

const restart = async (name: "power" | "insight") => {
  await services.stop(name);
  await services.start(name);
  await services.waitHealthy(60_000);
};

describe("rate limits under concurrency, across a restart", () => {
  it("hears at most 10 of 40 concurrent wrong passwords, and the count outlives the power service's restart", async () => {
    const email = `limit-${randomBytes(6).toString("hex")}@turnleaf.test`;
    expect(await post("/api/user/register", { email, password: "a good password" })).toMatchObject({ code: "OK" });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => post("/api/user/login", { email, password: "a wrong password" })),
    );
    const heard = answers.filter((answer) => answer.msg === "用户名或密码错误");
    const refused = answers.filter((answer) => answer.msg === "登录失败次数过多，请稍后再试");
    // On a loaded machine the gateway may give up waiting for the power service ("power unavailable"); the
    // attempt was counted all the same. Never more than the allowance had its password checked.
    const unavailable = answers.filter((answer) => /^power /.test(answer.msg));
    expect(heard.length + refused.length + unavailable.length).toBe(40);
    expect(heard.length).toBeLessThanOrEqual(10);
    expect(refused.length).toBeGreaterThanOrEqual(40 - 10 - unavailable.length);
    expect(Number(refused[0]?.data?.retryAfterSeconds)).toBeGreaterThan(0);
    await restart("power");
    expect(await post("/api/user/login", { email, password: "a good password" })).toMatchObject({
      code: "ERROR",
      msg: "登录失败次数过多，请稍后再试",
    });
  }, 180_000);

  it("registers at most the allowance of accounts from one address of 8 at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post("/api/user/register", {
          email: `many-${randomBytes(6).toString("hex")}@turnleaf.test`,
          password: "a good password",
        }),
      ),
    );
    // One account was registered from this address by the test before: 2 of the 3 are left. On a loaded machine
    // the gateway may give up waiting for the power service ("power unavailable") on some.
    const outcomes = answers.map((answer) =>
      answer.code === "OK" ? "OK" : /^power /.test(answer.msg) ? "unavailable" : answer.msg,
    );
    const count = (outcome: string) => outcomes.filter((found) => found === outcome).length;
    expect(count("OK")).toBeLessThanOrEqual(2);
    expect(count("该地址注册次数过多，请稍后再试")).toBeGreaterThanOrEqual(6 - count("unavailable"));
    expect(count("OK") + count("unavailable") + count("该地址注册次数过多，请稍后再试")).toBe(8);
    // However the answers went, the address's allowance is spent: the next sign-up is refused.
    expect(
      (
        await post("/api/user/register", {
          email: `one-more-${randomBytes(4).toString("hex")}@turnleaf.test`,
          password: "a good password",
        })
      ).msg,
    ).toBe("该地址注册次数过多，请稍后再试");
  }, 180_000);

  it("stores at most 5 of 20 concurrent lead submissions, and the count outlives the insight service's restart", async () => {
    const book = await uploadPdf(services.gatewayUrl, await numberedPdf(2), { title: "Rate limits" });
    const form = {
      enabled: true,
      beforePage: 2,
      skippable: true,
      title: "Price list",
      consentText: "",
      fields: [{ key: "name", label: "Name", kind: "name", required: true }],
    };
    const set = await postAs(services.gatewayUrl, undefined, "/api/insight/update-settings", {
      bookId: book.bookId,
      leadForm: JSON.stringify(form),
    });
    expect(set, set.msg).toMatchObject({ code: "OK" });
    const submit = async () => {
      const response = await fetch(`${services.gatewayUrl}/b/${book.number}/lead`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ values: { name: "Reader" } }),
      });
      return (await response.json()) as { code: string; data: { messageKey?: string } | null };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, submit));
    expect(answers.filter((answer) => answer.code === "OK")).toHaveLength(5);
    expect(answers.filter((answer) => answer.data?.messageKey === "leadTooMany")).toHaveLength(15);
    const leads = await postAs(services.gatewayUrl, undefined, "/api/insight/get-leads", { bookId: book.bookId });
    expect((leads.data as { leads: unknown[] }).leads).toHaveLength(5);
    await restart("insight");
    expect((await submit()).data?.messageKey).toBe("leadTooMany");
  }, 240_000);
});
