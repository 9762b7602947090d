import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PaymentService } from "@turnleaf/contracts/power/v1/payment_service_pb";
import { createClient, createLogger } from "@turnleaf/kit";
import { PaymentsRepository } from "@turnleaf/power/in-process";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/src/ports.js";
import { type ProcessHandle, startProcess, waitForTcp } from "../../scripts/src/processes.js";
import { type RunningStripeMock, startStripeMock, stripeMockSecretKey } from "../../scripts/src/stripe-mock.js";
import { workerStores } from "../setup/worker-stores.js";
import { startInProcessStack } from "../support/in-process-stack.js";
import {
  chargeRefunded,
  pointsCheckoutCompleted,
  type SignedWebhook,
  testWebhookSecret,
} from "../support/stripe-webhooks.js";

// Issue #38: a power process killed between a plan's change and its ledger entry. The built service runs as its own
// process (services/power/dist/main.bundle.mjs) with FAULT_POINT=payments.after-plan-write: it kills itself (SIGKILL, as a
// crash) right after the plan's write of a purchase. The plan change and its entry are one single-document write
// (the entry parked beside the change), so the restarted process — and the provider's redelivery — end with exactly
// one credit and one ledger entry.
const stores = workerStores();
const log = createLogger({ service: "payment-crash-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const label = `crash-${suffix}`;
const powerMain = fileURLToPath(new URL("../../services/power/dist/main.bundle.mjs", import.meta.url));
const processLog = pino({ level: "warn" });

const startStack = () => startInProcessStack({ stores, label, log });
let stack: Awaited<ReturnType<typeof startStack>>;
let stripeMock: RunningStripeMock;
let store: PaymentsRepository;
const running: ProcessHandle[] = [];

beforeAll(async () => {
  stripeMock = await startStripeMock({ log: processLog });
  stack = await startStack();
  store = new PaymentsRepository(await stack.database("power"));
}, 90_000);

afterAll(async () => {
  for (const handle of running) await handle.stop();
  await stack?.stop();
  await stripeMock?.stop();
});

/** The power service as its own process on this test's database, Stripe's API being stripe-mock. */
async function startPower(faultPoint?: string) {
  const port = await freePort();
  const handle = await startProcess({
    name: "power",
    command: process.execPath,
    args: [powerMain],
    env: {
      LOG_LEVEL: "warn",
      GRPC_HOST: "127.0.0.1",
      GRPC_PORT: String(port),
      MONGODB_URI: stores.mongodbUri,
      MONGODB_DATABASE: `turnleaf-power-${label}`,
      NATS_URL: undefined,
      METRICS_PORT: undefined,
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: stripeMockSecretKey,
      STRIPE_WEBHOOK_SECRET: testWebhookSecret,
      STRIPE_API_BASE: stripeMock.url,
      FAULT_POINT: faultPoint,
    },
    log: processLog,
    logFile: join(tmpdir(), `turnleaf-power-${label}-${running.length}.log`),
  });
  running.push(handle);
  await waitForTcp("127.0.0.1", port, 60_000);
  const client = createClient(PaymentService, `127.0.0.1:${port}`, { peer: "power" });
  return { handle, client };
}

const deliverTo = (client: ReturnType<typeof createClient<typeof PaymentService>>, webhook: SignedWebhook) =>
  client.applyPaymentWebhook({
    provider: "stripe",
    payload: new TextEncoder().encode(webhook.body),
    signature: webhook.signature,
  });

const purchases = async (userId: string) =>
  (await store.listLedger(`user:${userId}`, 50)).filter((entry) => entry.kind === "purchase-points");

describe("a crash between the plan's write and the ledger's", () => {
  it("ends, after a restart and the provider's redelivery, with one credit and one ledger entry", async () => {
    const userId = `6${Number.parseInt(suffix, 16) % 100_000}001`;
    const paid = pointsCheckoutCompleted({ userId, points: 50, amount: 4500 });

    const crashing = await startPower("payments.after-plan-write");
    await expect(deliverTo(crashing.client, paid)).rejects.toThrow();
    // Killed by the signal (a crash: no handler ran), after the plan's write and before the ledger's.
    expect(await crashing.handle.exited).toBeNull();
    crashing.client.close();
    const left = await store.findPlan(`user:${userId}`);
    expect(left).toMatchObject({ points: 55, appliedEvents: expect.arrayContaining([`stripe:${paid.eventId}`]) });
    expect(Object.keys(left?.pendingLedger ?? {})).toHaveLength(1);
    expect(await purchases(userId)).toHaveLength(0);

    // Restarted: the entry left beside the change is settled at start.
    const restarted = await startPower();
    try {
      await expect.poll(() => purchases(userId), { timeout: 15_000 }).toHaveLength(1);
      // Stripe delivers the event again (its answer was never 2xx): nothing more is credited or entered.
      expect(await deliverTo(restarted.client, paid)).toMatchObject({ applied: false, duplicate: true });
      const plan = await store.findPlan(`user:${userId}`);
      expect(plan?.points).toBe(55);
      expect(plan).not.toHaveProperty("pendingLedger");
      expect(await purchases(userId)).toMatchObject([{ pointsDelta: 50, pointsAfter: 55, amount: 4500 }]);
      expect((await store.listLedger(`user:${userId}`, 50)).map((entry) => entry.kind)).toEqual([
        "purchase-points",
        "free-points",
      ]);
    } finally {
      restarted.client.close();
      await restarted.handle.stop();
    }
  }, 180_000);

  it("takes a refund back once when the process died between marking the purchase reversed and the plan's change", async () => {
    const userId = `6${Number.parseInt(suffix, 16) % 100_000}002`;
    const paid = pointsCheckoutCompleted({ userId, points: 10, amount: 1000 });
    const refund = chargeRefunded({ paymentIntent: paid.paymentIntent, amount: 1000 });

    const first = await startPower();
    expect((await deliverTo(first.client, paid)).applied).toBe(true);
    first.client.close();
    await first.handle.stop();
    expect((await store.findPlan(`user:${userId}`))?.points).toBe(15);

    const crashing = await startPower("payments.after-reversal-mark");
    await expect(deliverTo(crashing.client, refund)).rejects.toThrow();
    expect(await crashing.handle.exited).toBeNull();
    crashing.client.close();
    // The purchase is marked reversed, the points are not taken back yet.
    expect((await store.findPurchase([paid.paymentIntent]))?.reversed).toBe(true);
    expect((await store.findPlan(`user:${userId}`))?.points).toBe(15);

    // Stripe delivers the refund again: this reversal's own mark lets it carry on, once.
    const restarted = await startPower();
    try {
      expect((await deliverTo(restarted.client, refund)).applied).toBe(true);
      expect(await deliverTo(restarted.client, refund)).toMatchObject({ applied: false, duplicate: true });
      expect((await store.findPlan(`user:${userId}`))?.points).toBe(5);
      const refunds = (await store.listLedger(`user:${userId}`, 50)).filter((entry) => entry.kind === "refund");
      expect(refunds).toMatchObject([{ pointsDelta: -10, pointsAfter: 5 }]);
    } finally {
      restarted.client.close();
      await restarted.handle.stop();
    }
  }, 180_000);
});
