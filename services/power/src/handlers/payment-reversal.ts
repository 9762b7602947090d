import type { Logger } from "@turnleaf/kit";
import type { LedgerDocument } from "../data/ledger.schema.js";
import type { PaymentsRepository } from "../data/payments.repository.js";
import type { PaymentEvent } from "../domain/payment-events.js";
import type { PaymentProvider } from "../payments/port.js";

type Reversal = Extract<PaymentEvent, { type: "payment-reversed" }>;

/**
 * The purchase a refund or dispute takes back (#38), by every id the provider gives: first the event's own
 * references against every reference a purchase was stored with; then what the provider's API knows of the payment
 * (its invoices, PaymentIntent, customer, subscription) against the same; last, a VIP payment of the customer or
 * subscription through the stored billing customer — the newest not yet reversed, of the refunded amount when the
 * event tells it. Null when none is found (logged: nothing to take back).
 */
export async function findReversedPurchase(
  payments: PaymentsRepository,
  provider: PaymentProvider,
  event: Reversal,
  log: Logger,
): Promise<LedgerDocument | null> {
  const named = await payments.findPurchase(event.paymentRefs);
  if (named) return named;
  const lookup = provider.lookupPayment
    ? await provider.lookupPayment({
        chargeId: event.chargeId,
        paymentIntentId: event.paymentIntentId,
        invoiceId: event.invoiceId,
      })
    : { paymentRefs: [], customerId: "", subscriptionId: "" };
  const looked = await payments.findPurchase(lookup.paymentRefs);
  if (looked) return looked;
  const customerId = event.customerId || lookup.customerId;
  const billing =
    customerId || lookup.subscriptionId
      ? await payments.findBillingByCustomer(provider.name, customerId, lookup.subscriptionId)
      : null;
  if (!billing) {
    log.warn({ eventId: event.eventId, refs: event.paymentRefs, lookup }, "reversal of an unknown payment");
    return null;
  }
  const purchases = await payments.listVipPurchases(`user:${billing.userId}`, "");
  const ofSubscription = purchases.filter(
    (purchase) => lookup.subscriptionId !== "" && purchase.subscriptionId === lookup.subscriptionId,
  );
  const pool = (ofSubscription.length > 0 ? ofSubscription : purchases).filter((purchase) => !purchase.reversed);
  const chosen =
    (event.paidAmount > 0 ? pool.find((purchase) => purchase.amount === event.paidAmount) : undefined) ?? pool[0];
  if (!chosen) {
    log.warn({ eventId: event.eventId, userId: billing.userId }, "reversal of a customer without a VIP payment left");
    return null;
  }
  log.info(
    { eventId: event.eventId, purchase: chosen._id, userId: billing.userId },
    "reversal matched through the customer",
  );
  return chosen;
}
