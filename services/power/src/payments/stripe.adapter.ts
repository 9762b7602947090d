import Stripe from "stripe";
import type { PaymentEvent } from "../domain/payment-events.js";
import type { Product } from "../domain/products.js";
import { InvalidWebhookSignature, type PaymentLookup, type PaymentProvider } from "./port.js";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (stripe-mock in tests: http://127.0.0.1:12111); unset: Stripe's own. */
  apiBase?: string | undefined;
  /** Seconds a signature stays valid (Stripe's default 300). */
  toleranceSeconds?: number;
}

type Fields = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);
/** An expandable field: its id whether Stripe sent the id or the object. */
const idOf = (value: unknown): string =>
  typeof value === "string" ? value : value && typeof value === "object" ? text((value as Fields).id) : "";
const fields = (value: unknown): Fields => (value && typeof value === "object" ? (value as Fields) : {});

/** The product a checkout was for, as metadata carries it (set by startCheckout). */
function productOfMetadata(metadata: Fields): { productId: string; points: number; months: number } {
  return {
    productId: text(metadata.productId),
    points: Number(text(metadata.points)) || 0,
    months: Number(text(metadata.months)) || 0,
  };
}

/** The subscription an invoice is for: `parent.subscription_details` (API 2025+) or `subscription` (older). */
function invoiceSubscription(invoice: Fields): { subscriptionId: string; metadata: Fields } {
  const details = fields(fields(invoice.parent).subscription_details);
  const metadata = fields(details.metadata ?? fields(invoice.subscription_details).metadata);
  return { subscriptionId: idOf(details.subscription) || idOf(invoice.subscription), metadata };
}

/** The end of the period an invoice paid (its first line's), when it says. */
function invoicePeriodEnd(invoice: Fields): Date | null {
  const lines = fields(invoice.lines).data;
  const first = Array.isArray(lines) ? fields(lines[0]) : {};
  const end = num(fields(first.period).end) || num(invoice.period_end);
  return end > 0 ? new Date(end * 1000) : null;
}

/** The PaymentIntents and charges an invoice was paid by: `payments` (API 2025+) or `payment_intent`/`charge` (older). */
function invoicePaymentRefs(invoice: Fields): string[] {
  const payments = fields(invoice.payments).data;
  const refs = (Array.isArray(payments) ? payments : []).flatMap((payment) => {
    const paid = fields(fields(payment).payment);
    return [idOf(paid.payment_intent), idOf(paid.charge)];
  });
  return [...refs, idOf(invoice.payment_intent), idOf(invoice.charge)].filter(Boolean);
}

/** A Stripe read that answers null for an object Stripe does not have (404), and throws on any other failure. */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Stripe Checkout (payment mode for points, subscription mode for VIP), the customer portal and signed webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === "http:" ? 80 : 443)),
            protocol: base.protocol === "http:" ? "http" : "https",
          }
        : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "turnleaf-power" },
    });
  }

  async startCheckout(input: {
    product: Product;
    userId: string;
    customerId: string | undefined;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string; sessionId: string }> {
    const { product } = input;
    const metadata = {
      userId: input.userId,
      productId: product.id,
      points: product.kind === "points" ? String(product.points) : "0",
      months: product.kind === "vip" ? String(product.months) : "0",
    };
    const name = product.kind === "points" ? `Turnleaf ${product.points} points` : `Turnleaf VIP (${product.id})`;
    const common = {
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.userId,
      metadata,
      ...(input.customerId ? { customer: input.customerId } : {}),
    };
    const session =
      product.kind === "points"
        ? await this.stripe.checkout.sessions.create({
            ...common,
            mode: "payment",
            ...(input.customerId ? {} : { customer_creation: "always" as const }),
            payment_intent_data: { metadata },
            line_items: [
              {
                quantity: 1,
                price_data: { currency: product.currency, unit_amount: product.amount, product_data: { name } },
              },
            ],
          })
        : await this.stripe.checkout.sessions.create({
            ...common,
            mode: "subscription",
            subscription_data: { metadata },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: product.currency,
                  unit_amount: product.amount,
                  recurring: { interval: product.months === 12 ? "year" : "month" },
                  product_data: { name },
                },
              },
            ],
          });
    if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
    return { url: session.url, sessionId: session.id };
  }

  async openPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }

  readWebhook(payload: Buffer, signature: string): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        payload,
        signature,
        this.settings.webhookSecret,
        this.settings.toleranceSeconds,
      );
    } catch (error) {
      throw new InvalidWebhookSignature(error instanceof Error ? error.message : String(error));
    }
    return readStripeEvent(event.id, event.type, fields(event.data.object));
  }

  /**
   * A refunded or disputed payment as Stripe's API knows it (#38): the charge (its customer, PaymentIntent and, in
   * older API versions, invoice), the invoices a PaymentIntent paid (`/v1/invoice_payments`), and each invoice's
   * customer and subscription.
   */
  async lookupPayment(refs: { chargeId: string; paymentIntentId: string; invoiceId: string }): Promise<PaymentLookup> {
    const found = new Set<string>();
    const invoices = new Set<string>(refs.invoiceId ? [refs.invoiceId] : []);
    let customerId = "";
    let subscriptionId = "";
    let paymentIntentId = refs.paymentIntentId;
    if (refs.chargeId) {
      const charge = fields(await unlessMissing(() => this.stripe.charges.retrieve(refs.chargeId)));
      customerId = idOf(charge.customer);
      paymentIntentId ||= idOf(charge.payment_intent);
      if (idOf(charge.invoice)) invoices.add(idOf(charge.invoice));
    }
    if (paymentIntentId) {
      found.add(paymentIntentId);
      const paid = await unlessMissing(() =>
        this.stripe.invoicePayments.list({
          payment: { type: "payment_intent", payment_intent: paymentIntentId },
          limit: 10,
        }),
      );
      for (const payment of paid?.data ?? []) if (idOf(payment.invoice)) invoices.add(idOf(payment.invoice));
      if (!customerId) {
        const intent = await unlessMissing(() => this.stripe.paymentIntents.retrieve(paymentIntentId));
        customerId = idOf(intent?.customer);
      }
    }
    for (const invoiceId of invoices) {
      found.add(invoiceId);
      const invoice = fields(await unlessMissing(() => this.stripe.invoices.retrieve(invoiceId)));
      customerId ||= idOf(invoice.customer);
      subscriptionId ||= invoiceSubscription(invoice).subscriptionId;
      for (const ref of invoicePaymentRefs(invoice)) found.add(ref);
    }
    return { paymentRefs: [...found], customerId, subscriptionId };
  }
}

/** A verified Stripe event as a PaymentEvent (exported for the unit test of the mapping). */
/** An event about a Stripe subscription object: whose it is comes from the metadata the checkout gave it. */
function subscriptionEvent(type: "renewal-failed" | "subscription-ended", eventId: string, subscription: Fields) {
  return {
    type,
    eventId,
    userId: text(fields(subscription.metadata).userId),
    customerId: idOf(subscription.customer),
    subscriptionId: text(subscription.id),
  };
}

export function readStripeEvent(eventId: string, type: string, object: Fields): PaymentEvent {
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      if (text(object.payment_status) !== "paid" && text(object.payment_status) !== "no_payment_required") {
        return { type: "ignored", eventId, eventType: `${type} (${text(object.payment_status) || "unpaid"})` };
      }
      const metadata = fields(object.metadata);
      const product = productOfMetadata(metadata);
      const userId = text(metadata.userId) || text(object.client_reference_id);
      const common = {
        eventId,
        userId,
        productId: product.productId,
        amount: num(object.amount_total),
        currency: text(object.currency),
        customerId: idOf(object.customer),
        receiptUrl: "",
      };
      if (text(object.mode) === "subscription") {
        const subscriptionId = idOf(object.subscription);
        return {
          ...common,
          type: "vip-paid",
          months: product.months || 1,
          paymentRef: idOf(object.invoice) || subscriptionId || text(object.id),
          otherRefs: [text(object.id), idOf(object.payment_intent)].filter(Boolean),
          subscriptionId,
          periodEnd: null,
          renewal: false,
        };
      }
      return {
        ...common,
        type: "points-purchased",
        points: product.points,
        paymentRef: idOf(object.payment_intent),
        otherRefs: [text(object.id)].filter(Boolean),
      };
    }
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      // The first invoice of a subscription is paid through its checkout (checkout.session.completed credits it):
      // here only its receipt.
      if (text(object.billing_reason) !== "subscription_cycle") {
        const url = text(object.hosted_invoice_url);
        return url
          ? { type: "receipt", eventId, paymentRefs: [text(object.id)], receiptUrl: url }
          : { type: "ignored", eventId, eventType: type };
      }
      const { subscriptionId, metadata } = invoiceSubscription(object);
      const product = productOfMetadata(metadata);
      return {
        type: "vip-paid",
        eventId,
        userId: text(metadata.userId),
        productId: product.productId,
        months: product.months || 1,
        amount: num(object.amount_paid),
        currency: text(object.currency),
        paymentRef: text(object.id),
        otherRefs: invoicePaymentRefs(object),
        customerId: idOf(object.customer),
        subscriptionId,
        receiptUrl: text(object.hosted_invoice_url),
        periodEnd: invoicePeriodEnd(object),
        renewal: true,
      };
    }
    case "invoice.payment_failed": {
      const { subscriptionId, metadata } = invoiceSubscription(object);
      if (subscriptionId === "") return { type: "ignored", eventId, eventType: type };
      return {
        type: "renewal-failed",
        eventId,
        userId: text(metadata.userId),
        customerId: idOf(object.customer),
        subscriptionId,
      };
    }
    case "customer.subscription.updated": {
      if (text(object.status) !== "past_due" && text(object.status) !== "unpaid") {
        return { type: "ignored", eventId, eventType: type };
      }
      return subscriptionEvent("renewal-failed", eventId, object);
    }
    case "customer.subscription.deleted":
      return subscriptionEvent("subscription-ended", eventId, object);
    case "charge.succeeded": {
      const url = text(object.receipt_url);
      const refs = [idOf(object.payment_intent), idOf(object.invoice)].filter(Boolean);
      if (!url || refs.length === 0) return { type: "ignored", eventId, eventType: type };
      return { type: "receipt", eventId, paymentRefs: refs, receiptUrl: url };
    }
    case "charge.refunded":
      return {
        type: "payment-reversed",
        eventId,
        reason: "refund",
        paymentRefs: [idOf(object.payment_intent), idOf(object.invoice), text(object.id)].filter(Boolean),
        chargeId: text(object.id),
        paymentIntentId: idOf(object.payment_intent),
        invoiceId: idOf(object.invoice),
        customerId: idOf(object.customer),
        paidAmount: num(object.amount),
        amount: num(object.amount_refunded),
        currency: text(object.currency),
        receiptUrl: text(object.receipt_url),
      };
    case "charge.dispute.created":
      return {
        type: "payment-reversed",
        eventId,
        reason: "chargeback",
        paymentRefs: [idOf(object.payment_intent), idOf(object.charge)].filter(Boolean),
        chargeId: idOf(object.charge),
        paymentIntentId: idOf(object.payment_intent),
        invoiceId: "",
        customerId: "",
        paidAmount: 0,
        amount: num(object.amount),
        currency: text(object.currency),
        receiptUrl: "",
      };
    default:
      return { type: "ignored", eventId, eventType: type };
  }
}
