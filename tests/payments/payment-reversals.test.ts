import { randomBytes } from "node:crypto";
import { createLogger } from "@turnleaf/kit";
import { type PaymentsRepository, StripeProvider } from "@turnleaf/power/in-process";
import { pino } from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStripeMock, startStripeMock, stripeMockSecretKey } from "../../scripts/src/stripe-mock.js";
import { workerStores } from "../setup/worker-stores.js";
import { startInProcessStack } from "../support/in-process-stack.js";
import {
  type SignedWebhook,
  signedEvent,
  testWebhookSecret,
  vipCheckoutCompleted,
} from "../support/stripe-webhooks.js";

// Issue #38: a refund or chargeback of a VIP (subscription) payment is reversed whichever of the payment's ids
// Stripe's event names — the PaymentIntent of a renewal, a charge without its invoice (API 2025+ charges have no
// `invoice`), a dispute naming only the charge — matched against every id the purchase was stored with, then what
// Stripe's API (stripe-mock here) answers for the payment, then the customer's VIP payments through the stored
// billing customer. The power service in this process on the run's real MongoDB-wire server, webhooks signed as
// Stripe signs them, through the service's gRPC ApplyPaymentWebhook.
const stores = workerStores();
const log = createLogger({ service: "payment-reversals-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
let clock = new Date("2026-06-01T00:00:00.000Z");

/** The power service with Stripe's adapter on stripe-mock (started first). */
const startStack = () =>
  startInProcessStack({
    stores,
    label: `rev-${suffix}`,
    log,
    services: {
      power: {
        now: () => clock,
        providers: [
          new StripeProvider({
            secretKey: stripeMockSecretKey,
            webhookSecret: testWebhookSecret,
            apiBase: stripeMock.url,
          }),
        ],
      },
    },
  });
let stack: Awaited<ReturnType<typeof startStack>>;
let stripeMock: RunningStripeMock;
let stripeApi: Stripe;
let ledger: PaymentsRepository;

beforeAll(async () => {
  stripeMock = await startStripeMock({ log: pino({ level: "warn" }) });
  const mockUrl = new URL(stripeMock.url);
  stripeApi = new Stripe(stripeMockSecretKey, {
    host: mockUrl.hostname,
    port: Number(mockUrl.port),
    protocol: "http",
  });
  stack = await startStack();
  ledger = stack.power.assembled.ledger;
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await stripeMock?.stop();
});

const deliver = (webhook: SignedWebhook) =>
  stack.power.payments.applyPaymentWebhook({
    provider: "stripe",
    payload: new TextEncoder().encode(webhook.body),
    signature: webhook.signature,
  });

let nextUser = 0;
const user = () => {
  nextUser += 1;
  return `7${Number.parseInt(suffix, 16) % 100_000}${String(nextUser).padStart(3, "0")}`;
};
/** The user's plan as stored (its VIP end as an ISO string) and ledger, newest first. */
const account = async (userId: string) => {
  const plan = await ledger.findPlan(`user:${userId}`);
  return plan ? { plan: plan.kind, points: plan.points, vipExpiresAt: plan.vipExpiresAt?.toISOString() ?? null } : null;
};
const entries = (userId: string) => ledger.listLedger(`user:${userId}`, 50);

/** A renewal paid (invoice.paid, subscription_cycle) as API 2025+ sends it: its PaymentIntent in `payments`. */
function renewalPaid(input: {
  customer: string;
  subscription: string;
  metadata: Record<string, string>;
  amount: number;
  periodEnd: Date;
}) {
  const invoice = id("in");
  const paymentIntent = id("pi");
  const end = Math.floor(input.periodEnd.getTime() / 1000);
  return {
    ...signedEvent("invoice.paid", {
      id: invoice,
      object: "invoice",
      billing_reason: "subscription_cycle",
      status: "paid",
      amount_paid: input.amount,
      currency: "usd",
      customer: input.customer,
      hosted_invoice_url: `https://invoice.stripe.com/i/${invoice}`,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: input.subscription, metadata: input.metadata },
      },
      payments: {
        object: "list",
        data: [
          {
            id: id("inpay"),
            object: "invoice_payment",
            payment: { type: "payment_intent", payment_intent: paymentIntent },
          },
        ],
      },
      lines: { object: "list", data: [{ id: id("il"), period: { start: end - 31 * 86_400, end } }] },
    }),
    invoice,
    paymentIntent,
  };
}

/** charge.refunded as API 2025+ sends it: the charge's PaymentIntent and customer, no invoice. */
function refunded(input: { paymentIntent: string; customer?: string; amount: number }) {
  const charge = id("ch");
  return signedEvent("charge.refunded", {
    id: charge,
    object: "charge",
    amount: input.amount,
    amount_refunded: input.amount,
    refunded: true,
    currency: "usd",
    customer: input.customer ?? null,
    payment_intent: input.paymentIntent,
    receipt_url: `https://pay.stripe.com/receipts/${charge}`,
  });
}

describe("refunds and chargebacks of VIP payments", () => {
  it("reverses a first VIP payment refunded by a charge that names its PaymentIntent and customer, not its invoice", async () => {
    clock = new Date("2026-06-01T00:00:00.000Z");
    const userId = user();
    const paid = vipCheckoutCompleted({ userId, months: 12, amount: 9900 });
    expect((await deliver(paid)).applied).toBe(true);
    expect(await account(userId)).toMatchObject({ plan: "vip-annual" });

    // The purchase is stored under its invoice; the refund names a PaymentIntent this service never saw.
    clock = new Date("2026-06-03T00:00:00.000Z");
    const refund = refunded({ paymentIntent: id("pi"), customer: paid.customer, amount: 9900 });
    const answers = await Promise.all([deliver(refund), deliver(refund)]);
    expect(answers.filter((answer) => answer.applied)).toHaveLength(1);
    const after = await account(userId);
    // A year taken off a plan that ran for a year: it ends now.
    expect(after?.vipExpiresAt).toBe(clock.toISOString());
    const list = await entries(userId);
    expect(list[0]).toMatchObject({ kind: "refund", amount: -9900 });
    expect(list.filter((entry) => entry.kind === "refund")).toHaveLength(1);
  });

  it("reverses the renewal a refund names by the renewal invoice's PaymentIntent, not the first payment", async () => {
    clock = new Date("2026-07-01T00:00:00.000Z");
    const userId = user();
    const first = vipCheckoutCompleted({ userId, months: 1, amount: 999 });
    await deliver(first);
    clock = new Date("2026-08-01T01:00:00.000Z");
    const renewal = renewalPaid({
      customer: first.customer,
      subscription: first.subscription,
      metadata: first.metadata,
      amount: 999,
      periodEnd: new Date("2026-09-01T00:00:00.000Z"),
    });
    expect((await deliver(renewal)).applied).toBe(true);
    expect((await account(userId))?.vipExpiresAt).toBe("2026-09-01T00:00:00.000Z");

    // No customer on the event: the renewal's own PaymentIntent (kept from its invoice's payments) finds it.
    await deliver(refunded({ paymentIntent: renewal.paymentIntent, amount: 999 }));
    expect((await account(userId))?.vipExpiresAt).toBe("2026-08-01T01:00:00.000Z");
    const list = await entries(userId);
    expect(list[0]?.kind).toBe("refund");
    expect(list[0]?.detail).toContain(renewal.invoice);
    const stored = await ledger.findPurchase([first.invoice]);
    expect(stored?.reversed).toBe(false);
  });

  it("reverses a chargeback naming only the charge and PaymentIntent, through what Stripe's API answers for them", async () => {
    clock = new Date("2026-06-01T00:00:00.000Z");
    const paymentIntent = id("pi");
    // What Stripe's API (here stripe-mock) answers for this PaymentIntent: the invoice it paid, and that invoice's
    // customer and subscription. The VIP purchase was made by that customer and subscription.
    const invoicePayments = await stripeApi.invoicePayments.list({
      payment: { type: "payment_intent", payment_intent: paymentIntent },
    });
    const invoiceId = String(invoicePayments.data[0]?.invoice);
    const invoice = await stripeApi.invoices.retrieve(invoiceId);
    const customer = String(invoice.customer);
    const subscription = String(invoice.parent?.subscription_details?.subscription);
    expect(customer).toMatch(/^cus_/);

    const userId = user();
    const metadata = { userId, productId: "vip-monthly", points: "0", months: "1" };
    const paid = signedEvent("checkout.session.completed", {
      id: id("cs_test"),
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: "paid",
      amount_total: 999,
      currency: "usd",
      customer,
      client_reference_id: userId,
      subscription,
      invoice: id("in"),
      payment_intent: null,
      metadata,
    });
    await deliver(paid);
    expect((await account(userId))?.vipExpiresAt).toBe("2026-07-01T00:00:00.000Z");

    clock = new Date("2026-06-10T00:00:00.000Z");
    const dispute = signedEvent("charge.dispute.created", {
      id: id("dp"),
      object: "dispute",
      amount: 999,
      currency: "usd",
      charge: id("ch"),
      payment_intent: paymentIntent,
      reason: "fraudulent",
      status: "needs_response",
    });
    expect((await deliver(dispute)).applied).toBe(true);
    expect((await account(userId))?.vipExpiresAt).toBe(clock.toISOString());
    expect((await entries(userId))[0]).toMatchObject({ kind: "chargeback", amount: -999 });
    // Delivered again, it takes nothing more.
    expect(await deliver(dispute)).toMatchObject({ applied: false, duplicate: true });
    expect((await entries(userId)).filter((entry) => entry.kind === "chargeback")).toHaveLength(1);
  });

  it("leaves a reversal of a payment nobody here made unapplied, every plan as it was", async () => {
    clock = new Date("2026-06-01T00:00:00.000Z");
    const userId = user();
    await deliver(vipCheckoutCompleted({ userId, months: 1, amount: 999 }));
    const before = await account(userId);
    const dispute = signedEvent("charge.dispute.created", {
      id: id("dp"),
      object: "dispute",
      amount: 999,
      currency: "usd",
      charge: id("ch"),
      payment_intent: null,
      status: "needs_response",
    });
    expect((await deliver(dispute)).applied).toBe(false);
    expect(await account(userId)).toEqual(before);
  });
});
