import type { PaymentEvent } from "../domain/payment-events.js";
import type { Product } from "../domain/products.js";

/**
 * The payment provider as the power service needs it. Stripe is one adapter (stripe.adapter.ts); a second
 * provider (e.g. one Chinese users pay with) is one adapter more, registered by name in providers.ts.
 */
export interface PaymentProvider {
  /** The name webhooks arrive under (`/api/payments/<name>/webhook`) and ledger entries carry. */
  readonly name: string;
  /** A hosted checkout for a product, for the user; `customerId` when the user already has one here. */
  startCheckout(input: {
    product: Product;
    userId: string;
    customerId: string | undefined;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string; sessionId: string }>;
  /** The provider's own page for renewal, cancellation and the payment method. */
  openPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Verifies a webhook against its signature on the raw body and reads it. Throws InvalidWebhookSignature when
   * forged, stale or unsigned.
   */
  readWebhook(payload: Buffer, signature: string): PaymentEvent;
  /**
   * What the provider's API knows of a payment a refund or dispute names, when none of the event's references is a
   * purchase here: the payment's other references, its customer and subscription. Optional (a provider whose
   * reversals always name the purchase needs none); a reference the provider does not know is skipped, any other
   * failure throws (the webhook answers an error and the provider delivers it again).
   */
  lookupPayment?(refs: { chargeId: string; paymentIntentId: string; invoiceId: string }): Promise<PaymentLookup>;
}

export interface PaymentLookup {
  paymentRefs: string[];
  customerId: string;
  subscriptionId: string;
}

export class InvalidWebhookSignature extends Error {
  constructor(detail: string) {
    super(`invalid webhook signature: ${detail}`);
    this.name = "InvalidWebhookSignature";
  }
}
