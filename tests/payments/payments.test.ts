import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { jetstream } from "@nats-io/jetstream";
import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import { UploadTaskState, UploadTaskStateChangedSchema } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { createLogger, decodeEvent, type NatsConnection, publishEvent, streams, subjects } from "@turnleaf/kit";
import {
  type BookSlotRepository,
  defaultPriceSettings,
  type PowerRepository,
  productCatalogue,
  StripeProvider,
} from "@turnleaf/power/in-process";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStripeMock, startStripeMock, stripeMockSecretKey } from "../../scripts/src/stripe-mock.js";
import { workerStores } from "../setup/worker-stores.js";
import { type PowerPart, startInProcessStack } from "../support/in-process-stack.js";
import { plainPowerUser } from "../support/power-users.js";
import {
  chargeRefunded,
  chargeSucceeded,
  disputeCreated,
  pointsCheckoutCompleted,
  renewalInvoice,
  type SignedWebhook,
  signedEvent,
  testWebhookSecret,
  vipCheckoutCompleted,
} from "../support/stripe-webhooks.js";

// Issue #38: points and VIP bought through Stripe. The power service in this process (its clock set by the test)
// on the run's real MongoDB-wire server and NATS JetStream, its Stripe adapter against Stripe's own mock server
// (stripe-mock), the real gateway in front; webhooks are signed as Stripe signs them and delivered to the gateway's
// webhook path as raw bytes.
const stores = workerStores();
const log = createLogger({ service: "payments-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const hour = 3_600_000;
const day = 24 * hour;

/** The power service (its hosting events on NATS, Stripe's adapter on stripe-mock, started first) and the gateway. */
const startStack = () =>
  startInProcessStack({
    stores,
    label: `pay-${suffix}`,
    log,
    services: {
      power: {
        now: () => clock,
        hostingEvents: true,
        providers: [
          new StripeProvider({
            secretKey: stripeMockSecretKey,
            webhookSecret: testWebhookSecret,
            apiBase: stripeMock.url,
            // The test's clock is not the signature's: a signature of now is checked against the real time.
          }),
        ],
        products: productCatalogue(defaultPriceSettings),
      },
      language: {},
    },
    gateway: {},
  });
let stack: Awaited<ReturnType<typeof startStack>>;
let stripeMock: RunningStripeMock;
let nats: NatsConnection;
let powerRepository: PowerRepository;
let slots: BookSlotRepository;
let sweep: () => Promise<unknown>;
let power: PowerPart["client"];
let payments: PowerPart["payments"];
let clock = new Date("2026-06-01T00:00:00.000Z");

beforeAll(async () => {
  stripeMock = await startStripeMock({ log: pino({ level: "warn" }) });
  stack = await startStack();
  nats = stack.nats;
  ({ repository: powerRepository, slots, sweep } = stack.power.assembled);
  power = stack.power.client;
  payments = stack.power.payments;
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await stripeMock?.stop();
});

/** A gateway acting as the user (DEV_ACTOR_USER_ID); "0": nobody signed in. */
const gatewayFor = (userId: string) => stack.gateway.as(userId === "0" ? undefined : userId);

interface Envelope {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

async function get(userId: string, path: string): Promise<Envelope> {
  const response = await (await gatewayFor(userId)).inject({ method: "GET", url: path });
  return response.json<Envelope>();
}

async function post(userId: string, path: string, fields: Record<string, string> = {}): Promise<Envelope> {
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json<Envelope>();
}

/** Delivers a webhook as Stripe does: the raw JSON body and its Stripe-Signature header, nobody signed in. */
async function deliver(webhook: SignedWebhook) {
  const response = await (await gatewayFor("0")).inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": webhook.signature },
    payload: webhook.body,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

let nextUser = 0;
async function user(): Promise<string> {
  nextUser += 1;
  const userId = `8${Number.parseInt(suffix, 16) % 100_000}${String(nextUser).padStart(3, "0")}`;
  await powerRepository.upsertUser(plainPowerUser(userId, { email: `p${userId}@turnleaf.test` }));
  return userId;
}

const info = async (userId: string) => (await get(userId, "/api/account/info")).data as Record<string, unknown>;
const ledger = async (userId: string) =>
  ((await get(userId, "/api/account/ledger")).data as { entries: Record<string, unknown>[] }).entries;

describe("what is on sale and the free points", () => {
  it("shows a new user the 5 free points, their ledger entry and the configured products", async () => {
    const userId = await user();
    const shown = await info(userId);
    expect(shown).toMatchObject({ plan: "points", points: 5, vipExpiresAt: null, hostedBooks: 0, hasBilling: false });
    const products = shown.products as { id: string; amount: number; discountPercent: number }[];
    expect(products.map((product) => [product.id, product.amount, product.discountPercent])).toEqual([
      ["points-10", 1000, 0],
      ["points-50", 4500, 10],
      ["points-100", 8000, 20],
      ["vip-monthly", 999, 0],
      ["vip-yearly", 9900, 0],
    ]);
    expect(await ledger(userId)).toMatchObject([{ kind: "free-points", pointsDelta: 5, pointsAfter: 5 }]);
  });

  it("gives a licence holder 5 free points once, a ledger entry", async () => {
    const userId = await user();
    expect(await payments.grantLicencePoints({ userId })).toMatchObject({ granted: true, points: 5 });
    const again = await Promise.all([1, 2, 3].map(() => payments.grantLicencePoints({ userId })));
    expect(again.every((answer) => !answer.granted)).toBe(true);
    expect((await info(userId)).points).toBe(10);
    const kinds = (await ledger(userId)).map((entry) => [entry.kind, entry.pointsDelta, entry.detail]);
    expect(kinds).toEqual([
      ["free-points", 5, "licence holder"],
      ["free-points", 5, "new user"],
    ]);
  });
});

describe("buying points", () => {
  it("opens a Stripe Checkout for a pack and refuses an unknown product", async () => {
    const userId = await user();
    const checkout = await post(userId, "/api/account/checkout", { productId: "points-10" });
    expect(checkout.code, checkout.msg).toBe("OK");
    expect(String(checkout.data?.url)).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(String(checkout.data?.sessionId)).toMatch(/^cs_/);
    const unknown = await post(userId, "/api/account/checkout", { productId: "points-7" });
    expect(unknown.code).not.toBe("OK");
    expect(unknown.msg).toContain("points-7");
  });

  it("credits a purchase once although its webhook arrives three times at once, and once more later", async () => {
    const userId = await user();
    const paid = pointsCheckoutCompleted({ userId, points: 50, amount: 4500 });
    const answers = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.applied === true)).toHaveLength(1);
    expect((await deliver(paid)).body).toMatchObject({ applied: false, duplicate: true });
    expect((await info(userId)).points).toBe(55);
    const purchases = (await ledger(userId)).filter((entry) => entry.kind === "purchase-points");
    expect(purchases).toMatchObject([
      { pointsDelta: 50, pointsAfter: 55, amount: 4500, currency: "usd", detail: "points-50" },
    ]);
    // The charge's receipt follows (charge.succeeded): the entry links to Stripe's receipt page.
    const receipt = chargeSucceeded({ paymentIntent: paid.paymentIntent, amount: 4500 });
    expect((await deliver(receipt)).status).toBe(200);
    const bought = (await ledger(userId)).find((entry) => entry.kind === "purchase-points");
    expect(bought?.receiptUrl).toBe(receipt.receiptUrl);
    // The purchase made the user a Stripe customer: the portal opens (stripe-mock's billing portal session).
    const portal = await post(userId, "/api/account/billing-portal");
    expect(portal.code, portal.msg).toBe("OK");
    expect(String(portal.data?.url)).toMatch(/^https:\/\//);
  });

  it("refuses a forged signature with 400 and applies nothing", async () => {
    const userId = await user();
    const genuine = pointsCheckoutCompleted({ userId, points: 100, amount: 8000 });
    const forged = signedEvent("checkout.session.completed", JSON.parse(genuine.body).data.object, {
      secret: "whsec_not_ours",
    });
    expect((await deliver(forged)).status).toBe(400);
    // The genuine signature over another body (a raised amount) is refused as well.
    const tampered = { ...genuine, body: genuine.body.replace('"points": "100"', '"points": "1000"') };
    expect(tampered.body).not.toBe(genuine.body);
    expect((await deliver(tampered)).status).toBe(400);
    expect((await deliver({ ...genuine, signature: "" })).status).toBe(400);
    // A provider this service does not sell through: 404, nothing a retry would change.
    const elsewhere = await (await gatewayFor("0")).inject({
      method: "POST",
      url: "/api/payments/alipay/webhook",
      headers: { "content-type": "application/json", "stripe-signature": genuine.signature },
      payload: genuine.body,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await info(userId)).points).toBe(5);
  });

  it("takes a refunded purchase back once, and a later chargeback of it takes nothing more", async () => {
    const userId = await user();
    const paid = pointsCheckoutCompleted({ userId, points: 10, amount: 1000 });
    // Here the receipt arrives before the checkout's completion: the purchase's entry takes it all the same.
    const receipt = chargeSucceeded({ paymentIntent: paid.paymentIntent, amount: 1000 });
    await deliver(receipt);
    await deliver(paid);
    expect((await info(userId)).points).toBe(15);
    expect((await ledger(userId))[0]).toMatchObject({ kind: "purchase-points", receiptUrl: receipt.receiptUrl });
    const refund = chargeRefunded({ paymentIntent: paid.paymentIntent, amount: 1000 });
    await Promise.all([deliver(refund), deliver(refund)]);
    expect((await info(userId)).points).toBe(5);
    await deliver(disputeCreated({ paymentIntent: paid.paymentIntent, amount: 1000 }));
    expect((await info(userId)).points).toBe(5);
    const entries = await ledger(userId);
    expect(entries[0]).toMatchObject({ kind: "refund", pointsDelta: -10, pointsAfter: 5, amount: -1000 });
    expect(String(entries[0]?.receiptUrl)).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
  });

  it("reverses a chargeback of a purchase", async () => {
    const userId = await user();
    const paid = pointsCheckoutCompleted({ userId, points: 10, amount: 1000 });
    await deliver(paid);
    await deliver(disputeCreated({ paymentIntent: paid.paymentIntent, amount: 1000 }));
    expect((await info(userId)).points).toBe(5);
    expect((await ledger(userId))[0]).toMatchObject({ kind: "chargeback", pointsDelta: -10 });
  });
});

describe("VIP", () => {
  async function hostingEvent(bookId: string, startSequence: number) {
    const consumer = await jetstream(nats).consumers.get(streams.power.name, {
      filter_subjects: [subjects.bookHostingChanged(bookId)],
      opt_start_seq: startSequence,
    });
    const message = await consumer.next({ expires: 2_000 });
    if (!message) return undefined;
    return { event: decodeEvent(BookHostingChangedSchema, message), sequence: message.seq };
  }

  it("a yearly subscription's first payment makes the plan VIP annual for a year", async () => {
    clock = new Date("2026-06-01T00:00:00.000Z");
    const userId = await user();
    const checkout = await post(userId, "/api/account/checkout", { productId: "vip-yearly" });
    expect(String(checkout.data?.url)).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const paid = vipCheckoutCompleted({ userId, months: 12, amount: 9900 });
    await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(await info(userId)).toMatchObject({
      plan: "vip-annual",
      vipExpiresAt: "2027-06-01T00:00:00.000Z",
      remainingDays: 365,
      autoRenew: true,
      hasBilling: true,
    });
    expect((await ledger(userId)).filter((entry) => entry.kind === "purchase-vip")).toMatchObject([
      { planAfter: "vip-annual", vipExpiresAfter: "2027-06-01T00:00:00.000Z", amount: 9900 },
    ]);
  });

  it("a failed renewal pauses the books 24 hours after the plan ended, and a later payment restores them", async () => {
    clock = new Date("2026-09-01T00:00:00.000Z");
    const userId = await user();
    const first = vipCheckoutCompleted({ userId, months: 1, amount: 999 });
    await deliver(first);
    const ends = new Date("2026-10-01T00:00:00.000Z");
    expect((await info(userId)).vipExpiresAt).toBe(ends.toISOString());
    const bookId = `vb${suffix}`;
    const task = `${suffix}vip`;
    await power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${task}` });
    await publishEvent(nats, subjects.uploadTaskState(task), UploadTaskStateChangedSchema, {
      taskId: task,
      state: UploadTaskState.COMPLETED,
      bookId,
      revision: 1,
    });
    await expect
      .poll(async () => (await slots.listAccountSlots(`user:${userId}`))[0]?.bookId, { timeout: 10_000 })
      .toBe(bookId);
    await sweep();

    // Stripe tries the renewal at the period's end and fails (the card is declined); it says so twice.
    clock = new Date(ends.getTime() + hour);
    const failed = renewalInvoice("invoice.payment_failed", {
      customer: first.customer,
      subscription: first.subscription,
      metadata: first.metadata,
      amount: 999,
    });
    await Promise.all([deliver(failed), deliver(failed)]);
    expect(await info(userId)).toMatchObject({ billingState: "past_due", remainingDays: 0 });
    expect((await ledger(userId)).filter((entry) => entry.kind === "renewal-failed")).toHaveLength(1);
    await sweep();
    clock = new Date(ends.getTime() + 23 * hour);
    await sweep();
    expect(await hostingEvent(bookId, 1)).toBeUndefined();
    clock = new Date(ends.getTime() + day);
    await sweep();
    const suspended = await hostingEvent(bookId, 1);
    expect(suspended?.event).toMatchObject({ bookId, userId, suspended: true, reason: "VIP expired" });
    expect((await info(userId)).suspendedBooks).toBe(1);

    // A retry of the renewal succeeds two days later: the plan runs to the new period's end, the book comes back.
    clock = new Date(ends.getTime() + 2 * day);
    const periodEnd = new Date("2026-11-03T00:00:00.000Z");
    const renewed = renewalInvoice("invoice.paid", {
      customer: first.customer,
      subscription: first.subscription,
      metadata: first.metadata,
      amount: 999,
      periodEnd,
    });
    await deliver(renewed);
    expect(await info(userId)).toMatchObject({
      plan: "vip-monthly",
      vipExpiresAt: periodEnd.toISOString(),
      billingState: "",
    });
    await sweep();
    const resumed = await hostingEvent(bookId, (suspended?.sequence ?? 0) + 1);
    expect(resumed?.event).toMatchObject({ bookId, suspended: false, reason: "paid" });
    expect((await info(userId)).suspendedBooks).toBe(0);
    const renewal = (await ledger(userId)).find((entry) => entry.kind === "renew-vip");
    expect(renewal).toMatchObject({ amount: 999, receiptUrl: `https://invoice.stripe.com/i/${renewed.invoice}` });
  }, 60_000);
});

describe("the operators' admin CLI", () => {
  const adminMain = fileURLToPath(new URL("../../services/power/dist/admin.js", import.meta.url));
  const admin = (args: string[]) =>
    promisify(execFile)(process.execPath, [adminMain, ...args], {
      env: { ...process.env, MONGODB_URI: stores.mongodbUri, MONGODB_DATABASE: `turnleaf-power-pay-${suffix}` },
    });

  it("lists the plans and a user's ledger, by user id or email", async () => {
    const userId = await user();
    await deliver(pointsCheckoutCompleted({ userId, points: 10, amount: 1000 }));
    const plans = await admin(["plans", "--limit", "1000"]);
    expect(plans.stdout.split("\n")[0]).toMatch(/^account\s+plan\s+points\s+vip until/);
    expect(plans.stdout).toMatch(new RegExp(`user:${userId}\\s+points\\s+15`));
    const byEmail = await admin(["ledger", `p${userId}@turnleaf.test`]);
    expect(byEmail.stdout).toContain(`user ${userId} <p${userId}@turnleaf.test>`);
    expect(byEmail.stdout).toContain("plan points, 15 points");
    expect(byEmail.stdout).toMatch(/purchase-points\s+\+10\s+15\s+points\s+10\.00 USD\s+stripe\s+points-10/);
    expect(byEmail.stdout).toMatch(/free-points\s+\+5\s+5/);
    const json = JSON.parse((await admin(["ledger", userId, "--json"])).stdout) as {
      user: Record<string, unknown>;
      ledger: { kind: string }[];
    };
    expect(json.user).not.toHaveProperty("passwordHash");
    expect(json.ledger.map((entry) => entry.kind)).toEqual(["purchase-points", "free-points"]);
    await expect(admin(["ledger", "nobody@turnleaf.test"])).rejects.toMatchObject({ code: 1 });
  }, 120_000);
});
