import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/**
 * Webhook events as Stripe sends them (the event envelope around the object, API 2026), signed as Stripe signs
 * them: `Stripe-Signature: t=<time>,v1=<HMAC-SHA256 of "<time>.<body>">` by the library's own test helper with the
 * endpoint secret the power service is configured with.
 */
export const testWebhookSecret = "whsec_turnleaf_test_secret";

const stripe = new Stripe("sk_test_turnleaf");
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export interface SignedWebhook {
  eventId: string;
  body: string;
  signature: string;
}

/** An event of `type` around `object`, and its signature (a fresh event id unless given). */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { eventId?: string; secret?: string; at?: Date } = {},
): SignedWebhook {
  const eventId = options.eventId ?? id("evt");
  const body = JSON.stringify(
    {
      id: eventId,
      object: "event",
      api_version: "2026-11-18.endive",
      created: seconds(options.at ?? new Date()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    },
    null,
    2,
  );
  const signature = stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? testWebhookSecret,
  });
  return { eventId, body, signature };
}

/** checkout.session.completed of a points pack the power service's checkout made (its metadata). */
export function pointsCheckoutCompleted(input: { userId: string; points: number; amount: number; sessionId?: string }) {
  const paymentIntent = id("pi");
  const customer = id("cus");
  const event = signedEvent("checkout.session.completed", {
    id: input.sessionId ?? id("cs_test"),
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    amount_total: input.amount,
    currency: "usd",
    customer,
    client_reference_id: input.userId,
    payment_intent: paymentIntent,
    metadata: { userId: input.userId, productId: `points-${input.points}`, points: String(input.points), months: "0" },
  });
  return { ...event, paymentIntent, customer };
}

/** checkout.session.completed of a VIP subscription (the first payment). */
export function vipCheckoutCompleted(input: { userId: string; months: 1 | 12; amount: number; sessionId?: string }) {
  const subscription = id("sub");
  const customer = id("cus");
  const invoice = id("in");
  const metadata = {
    userId: input.userId,
    productId: input.months === 12 ? "vip-yearly" : "vip-monthly",
    points: "0",
    months: String(input.months),
  };
  const event = signedEvent("checkout.session.completed", {
    id: input.sessionId ?? id("cs_test"),
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    amount_total: input.amount,
    currency: "usd",
    customer,
    client_reference_id: input.userId,
    subscription,
    invoice,
    payment_intent: null,
    metadata,
  });
  return { ...event, subscription, customer, invoice, metadata };
}

/** An invoice event of a subscription's renewal (billing_reason subscription_cycle). */
export function renewalInvoice(
  type: "invoice.paid" | "invoice.payment_failed",
  input: { customer: string; subscription: string; metadata: Record<string, string>; amount: number; periodEnd?: Date },
) {
  const invoice = id("in");
  const start = input.periodEnd ? new Date(input.periodEnd.getTime() - 31 * 86_400_000) : new Date();
  return {
    ...signedEvent(type, {
      id: invoice,
      object: "invoice",
      billing_reason: "subscription_cycle",
      status: type === "invoice.paid" ? "paid" : "open",
      amount_due: input.amount,
      amount_paid: type === "invoice.paid" ? input.amount : 0,
      currency: "usd",
      customer: input.customer,
      hosted_invoice_url: `https://invoice.stripe.com/i/${invoice}`,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: input.subscription, metadata: input.metadata },
      },
      lines: {
        object: "list",
        data: input.periodEnd
          ? [{ id: id("il"), period: { start: seconds(start), end: seconds(input.periodEnd) } }]
          : [],
      },
    }),
    invoice,
  };
}

/** charge.refunded of a payment (amount_refunded of amount). */
export function chargeRefunded(input: { paymentIntent: string; amount: number; refunded?: number }) {
  const charge = id("ch");
  return signedEvent("charge.refunded", {
    id: charge,
    object: "charge",
    amount: input.amount,
    amount_refunded: input.refunded ?? input.amount,
    refunded: (input.refunded ?? input.amount) >= input.amount,
    currency: "usd",
    payment_intent: input.paymentIntent,
    receipt_url: `https://pay.stripe.com/receipts/${charge}`,
  });
}

/** charge.dispute.created (a chargeback) of a payment. */
export function disputeCreated(input: { paymentIntent: string; amount: number }) {
  return signedEvent("charge.dispute.created", {
    id: id("dp"),
    object: "dispute",
    amount: input.amount,
    currency: "usd",
    charge: id("ch"),
    payment_intent: input.paymentIntent,
    reason: "fraudulent",
    status: "needs_response",
  });
}

/** charge.succeeded of a payment, with its receipt page. */
export function chargeSucceeded(input: { paymentIntent: string; amount: number }) {
  const charge = id("ch");
  const receiptUrl = `https://pay.stripe.com/receipts/payment/${charge}`;
  return {
    ...signedEvent("charge.succeeded", {
      id: charge,
      object: "charge",
      amount: input.amount,
      currency: "usd",
      paid: true,
      status: "succeeded",
      payment_intent: input.paymentIntent,
      receipt_url: receiptUrl,
    }),
    receiptUrl,
  };
}
