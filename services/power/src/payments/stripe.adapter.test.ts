import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { InvalidWebhookSignature } from "./port.js";
import { readStripeEvent, StripeProvider } from "./stripe.adapter.js";

const secret = "whsec_unit";
const provider = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: secret });
const signer = new Stripe("sk_test_unit");

function signed(type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({ id: "evt_1", object: "event", type, data: { object } });
  return { body: Buffer.from(body), signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

describe("the Stripe adapter's webhooks", () => {
  it("verifies the signature on the raw body and refuses a forged, altered or missing one", () => {
    const { body, signature } = signed("checkout.session.completed", { payment_status: "unpaid" });
    expect(provider.readWebhook(body, signature)).toMatchObject({ type: "ignored", eventId: "evt_1" });
    const other = signer.webhooks.generateTestHeaderString({ payload: body.toString(), secret: "whsec_other" });
    expect(() => provider.readWebhook(body, other)).toThrow(InvalidWebhookSignature);
    expect(() => provider.readWebhook(Buffer.from(`${body} `), signature)).toThrow(InvalidWebhookSignature);
    expect(() => provider.readWebhook(body, "")).toThrow(InvalidWebhookSignature);
  });

  it("reads purchases, renewals, failures, refunds and disputes", () => {
    const metadata = { userId: "10001", productId: "points-10", points: "10", months: "0" };
    expect(
      readStripeEvent("e1", "checkout.session.completed", {
        mode: "payment",
        payment_status: "paid",
        amount_total: 1000,
        currency: "usd",
        customer: "cus_1",
        payment_intent: "pi_1",
        metadata,
      }),
    ).toMatchObject({ type: "points-purchased", userId: "10001", points: 10, paymentRef: "pi_1", customerId: "cus_1" });
    const subscription = { subscription_details: { subscription: "sub_1", metadata: { ...metadata, months: "1" } } };
    expect(
      readStripeEvent("e2", "invoice.paid", {
        id: "in_2",
        billing_reason: "subscription_cycle",
        amount_paid: 999,
        customer: "cus_1",
        parent: subscription,
        lines: { data: [{ period: { end: 1_800_000_000 } }] },
      }),
    ).toMatchObject({
      type: "vip-paid",
      renewal: true,
      months: 1,
      subscriptionId: "sub_1",
      periodEnd: new Date(1_800_000_000_000),
    });
    expect(readStripeEvent("e3", "invoice.payment_failed", { customer: "cus_1", parent: subscription })).toMatchObject({
      type: "renewal-failed",
      subscriptionId: "sub_1",
    });
    expect(
      readStripeEvent("e4", "charge.refunded", { id: "ch_1", payment_intent: "pi_1", amount_refunded: 500 }),
    ).toMatchObject({
      type: "payment-reversed",
      reason: "refund",
      paymentRefs: ["pi_1", "ch_1"],
      amount: 500,
    });
    expect(readStripeEvent("e5", "charge.dispute.created", { payment_intent: "pi_1", amount: 1000 })).toMatchObject({
      type: "payment-reversed",
      reason: "chargeback",
    });
    // #38: the ids a later refund or dispute may name — a renewal invoice's PaymentIntents and charges (API 2025+
    // `payments`, older `payment_intent`/`charge`), a refunded charge's customer and whole amount, a dispute's charge.
    expect(
      readStripeEvent("e7", "invoice.paid", {
        id: "in_7",
        billing_reason: "subscription_cycle",
        amount_paid: 999,
        customer: "cus_1",
        parent: subscription,
        payments: { data: [{ payment: { type: "payment_intent", payment_intent: "pi_7" } }] },
        charge: "ch_7",
      }),
    ).toMatchObject({ type: "vip-paid", paymentRef: "in_7", otherRefs: ["pi_7", "ch_7"] });
    expect(
      readStripeEvent("e8", "charge.refunded", {
        id: "ch_8",
        payment_intent: "pi_8",
        customer: "cus_8",
        amount: 999,
        amount_refunded: 999,
      }),
    ).toMatchObject({ chargeId: "ch_8", paymentIntentId: "pi_8", invoiceId: "", customerId: "cus_8", paidAmount: 999 });
    expect(
      readStripeEvent("e9", "charge.dispute.created", { charge: "ch_9", payment_intent: "pi_9", amount: 999 }),
    ).toMatchObject({ chargeId: "ch_9", paymentIntentId: "pi_9", paymentRefs: ["pi_9", "ch_9"] });
    expect(readStripeEvent("e6", "customer.created", {})).toEqual({
      type: "ignored",
      eventId: "e6",
      eventType: "customer.created",
    });
  });
});
