import { DomainError, type Logger, message } from "@turnleaf/kit";
import type { LedgerDocument } from "../data/ledger.schema.js";
import type { PaymentsRepository } from "../data/payments.repository.js";
import type { BookSlotRepository } from "../data/quota.repositories.js";
import { requireNumericId } from "../domain/ids.js";
import { ledgerEntry } from "../domain/ledger-entry.js";
import {
  creditPoints,
  extendVip,
  type LedgerKind,
  type PaymentEvent,
  remainingDays,
  reversedShare,
  reversePoints,
  reverseVip,
} from "../domain/payment-events.js";
import { isVip, newUserPlan, type Plan, planRules } from "../domain/plans.js";
import type { Product } from "../domain/products.js";
import { InvalidWebhookSignature, type PaymentProvider } from "../payments/port.js";
import { findReversedPurchase } from "./payment-reversal.js";
import type { PowerDesk } from "./power-desk.js";

export interface PaymentDeskDependencies {
  payments: PaymentsRepository;
  slots: BookSlotRepository;
  power: PowerDesk;
  /** The products on sale (configuration). */
  products: readonly Product[];
  /** Providers by name; the first one sells (checkout, portal). Empty: nothing is on sale. */
  providers: readonly PaymentProvider[];
  /** Points a licence holder gets once (spec 001 §6). */
  licencePoints: number;
  now: () => Date;
  log: Logger;
}

export interface AccountInfo {
  userId: string;
  plan: Plan;
  remainingDays: number;
  hostedBooks: number;
  suspendedBooks: number;
  autoRenew: boolean;
  hasBilling: boolean;
  billingState: string;
  products: readonly Product[];
}

export interface WebhookResult {
  eventId: string;
  eventType: string;
  applied: boolean;
  duplicate: boolean;
}

/** What a purchase's ledger entry keeps of its payment: a refund or dispute later finds it by any of these. */
function paymentOf(provider: string, event: Extract<PaymentEvent, { type: "points-purchased" | "vip-paid" }>) {
  return {
    source: provider,
    amount: event.amount,
    currency: event.currency,
    receiptUrl: event.receiptUrl,
    paymentRef: event.paymentRef,
    paymentRefs: event.otherRefs,
    customerId: event.customerId,
  };
}

/**
 * Sells points and VIP and keeps the ledger (spec 001 §2, §6, §9): checkouts and the portal through the provider
 * port, and the provider's signed webhooks applied once per event id — a purchase credits once however often and
 * however concurrently its webhook arrives; a VIP payment extends the plan; a failed renewal leaves the books to the
 * hosting sweep (paused 24 hours after the plan ended) and a later payment restores them; a refund or chargeback
 * takes the purchase back. Every change of points or plan is a ledger entry.
 */
export class PaymentDesk {
  constructor(private readonly deps: PaymentDeskDependencies) {}

  private seller(): PaymentProvider {
    const provider = this.deps.providers[0];
    if (!provider) throw new DomainError("UNAVAILABLE", message("payments.unavailable"));
    return provider;
  }

  /** The provider a webhook names; NOT_FOUND when none by that name is configured (nothing to retry). */
  private provider(name: string): PaymentProvider {
    const provider = this.deps.providers.find((candidate) => candidate.name === name);
    if (!provider) throw new DomainError("NOT_FOUND", message("payments.unavailable"));
    return provider;
  }

  /** The user's plan (the new-user points granted first if none yet), as the editor's info bar shows it. */
  async accountInfo(userId: string): Promise<AccountInfo> {
    const id = requireNumericId("userId", userId);
    const plan = await this.deps.power.grantNewUserPlan(id);
    const slots = await this.deps.slots.listAccountSlots(`user:${id}`);
    const seller = this.deps.providers[0];
    const billing = seller ? await this.deps.payments.findBilling(seller.name, id) : null;
    return {
      userId: id,
      plan,
      remainingDays: remainingDays(plan, slots.length, this.deps.now(), planRules.pointsPerHostedBookMonth),
      hostedBooks: slots.length,
      suspendedBooks: slots.filter((slot) => slot.suspended).length,
      autoRenew:
        isVip(plan.kind) &&
        billing?.subscriptionId !== undefined &&
        billing.subscriptionId !== "" &&
        billing.state !== "ended",
      hasBilling: Boolean(billing?.customerId),
      billingState: billing?.state === "past_due" ? "past_due" : "",
      products: this.deps.products,
    };
  }

  async ledger(userId: string, limit = 50): Promise<LedgerDocument[]> {
    const id = requireNumericId("userId", userId);
    return this.deps.payments.listLedger(`user:${id}`, Math.max(1, Math.min(200, limit || 50)));
  }

  async startCheckout(input: { userId: string; productId: string; successUrl: string; cancelUrl: string }) {
    const userId = requireNumericId("userId", input.userId);
    const product = this.deps.products.find((candidate) => candidate.id === input.productId);
    if (!product) {
      throw new DomainError("INVALID_ARGUMENT", message("payments.unknownProduct", { product: input.productId }), {
        details: { field: "productId" },
      });
    }
    const seller = this.seller();
    const billing = await this.deps.payments.findBilling(seller.name, userId);
    const session = await seller.startCheckout({
      product,
      userId,
      customerId: billing?.customerId || undefined,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
    this.deps.log.info({ userId, productId: product.id, sessionId: session.sessionId }, "checkout started");
    return session;
  }

  async openPortal(input: { userId: string; returnUrl: string }) {
    const userId = requireNumericId("userId", input.userId);
    const seller = this.seller();
    const billing = await this.deps.payments.findBilling(seller.name, userId);
    if (!billing?.customerId) throw new DomainError("FAILED_PRECONDITION", message("payments.noCustomer"));
    return seller.openPortal({ customerId: billing.customerId, returnUrl: input.returnUrl });
  }

  /** A licence holder's free points: once per user (the plan's applied key and the ledger id are the guard). */
  async grantLicencePoints(userId: string): Promise<{ granted: boolean; points: number }> {
    const id = requireNumericId("userId", userId);
    await this.deps.power.grantNewUserPlan(id);
    const points = this.deps.licencePoints;
    const key = `free:licence:${id}`;
    const applied = await this.deps.payments.applyOnce(
      `user:${id}`,
      key,
      (plan) => creditPoints(plan, points),
      newUserPlan(),
      this.entry(`user:${id}`, key, "free-points", { source: "system", detail: "licence holder" }),
    );
    if (!applied) return { granted: false, points: 0 };
    return { granted: true, points };
  }

  /**
   * A webhook: verified on its raw body (InvalidWebhookSignature → INVALID_ARGUMENT, the gateway's 400), recorded
   * by event id, and applied once.
   */
  async applyWebhook(providerName: string, payload: Buffer, signature: string): Promise<WebhookResult> {
    const provider = this.provider(providerName);
    let event: PaymentEvent;
    try {
      event = provider.readWebhook(payload, signature);
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) {
        this.deps.log.warn({ provider: providerName }, "webhook refused: invalid signature");
        throw new DomainError("INVALID_ARGUMENT", message("payments.invalidSignature"));
      }
      throw error;
    }
    const key = `${provider.name}:${event.eventId}`;
    const first = await this.deps.payments.recordEvent(key, event.type, this.deps.now());
    const applied = await this.apply(provider, key, event);
    if (applied) await this.deps.payments.markEventApplied(key);
    this.deps.log.info({ eventId: event.eventId, type: event.type, applied, first }, "payment webhook");
    return {
      eventId: event.eventId,
      eventType: event.type === "ignored" ? event.eventType : event.type,
      applied,
      duplicate: !applied && !first,
    };
  }

  private async userOf(provider: string, event: { userId: string; customerId: string; subscriptionId: string }) {
    if (event.userId) return requireNumericId("userId", event.userId);
    const billing = await this.deps.payments.findBillingByCustomer(provider, event.customerId, event.subscriptionId);
    return billing?.userId ?? "";
  }

  private async apply(seller: PaymentProvider, key: string, event: PaymentEvent): Promise<boolean> {
    const provider = seller.name;
    const now = this.deps.now();
    switch (event.type) {
      case "ignored":
        return false;
      case "receipt":
        return this.deps.payments.putReceipt(event.paymentRefs, event.receiptUrl);
      case "points-purchased": {
        const userId = requireNumericId("userId", event.userId);
        await this.deps.power.grantNewUserPlan(userId);
        if (event.customerId) await this.deps.payments.putBilling(provider, userId, { customerId: event.customerId });
        const done = await this.deps.payments.applyOnce(
          `user:${userId}`,
          key,
          (plan) => creditPoints(plan, event.points),
          newUserPlan(),
          this.entry(`user:${userId}`, key, "purchase-points", {
            ...paymentOf(provider, event),
            detail: event.productId,
            units: event.points,
          }),
        );
        return done !== null;
      }
      case "vip-paid": {
        const userId = await this.userOf(provider, event);
        if (!userId) return this.unknownCustomer(event);
        await this.deps.power.grantNewUserPlan(userId);
        await this.deps.payments.putBilling(provider, userId, {
          customerId: event.customerId,
          subscriptionId: event.subscriptionId,
          state: "active",
        });
        const done = await this.deps.payments.applyOnce(
          `user:${userId}`,
          key,
          (plan) => extendVip(plan, event.months, now, event.periodEnd),
          newUserPlan(),
          this.entry(`user:${userId}`, key, event.renewal ? "renew-vip" : "purchase-vip", {
            ...paymentOf(provider, event),
            detail: event.productId || (event.months >= 12 ? "vip-yearly" : "vip-monthly"),
            subscriptionId: event.subscriptionId,
            units: event.months,
          }),
        );
        return done !== null;
      }
      case "renewal-failed":
      case "subscription-ended": {
        const userId = await this.userOf(provider, event);
        if (!userId) return this.unknownCustomer(event);
        await this.deps.payments.setBillingState(
          provider,
          userId,
          event.type === "renewal-failed" ? "past_due" : "ended",
        );
        // The plan itself is unchanged: it ends at its expiry and the hosting sweep pauses the books 24 hours later.
        const done = await this.deps.payments.applyOnce(
          `user:${userId}`,
          key,
          (plan) => plan,
          newUserPlan(),
          this.entry(`user:${userId}`, key, event.type, { source: provider, detail: event.subscriptionId }),
        );
        return done !== null;
      }
      case "payment-reversed": {
        const purchase = await findReversedPurchase(this.deps.payments, seller, event, this.deps.log);
        if (!purchase) return false;
        // One reversal per purchase: a refund after a dispute takes nothing more; a redelivery of this one carries on
        // (after a crash between the mark and the change) and its change is once-only by the key.
        if (!(await this.deps.payments.markReversed(purchase._id, key))) return false;
        const share = reversedShare(purchase.units, purchase.amount, event.amount);
        const done = await this.deps.payments
          .applyOnce(
            purchase.account,
            key,
            (plan) => (purchase.kind === "purchase-points" ? reversePoints(plan, share) : reverseVip(plan, share, now)),
            newUserPlan(),
            this.entry(purchase.account, key, event.reason, {
              source: provider,
              detail: `${purchase.detail} (${purchase.paymentRef})`,
              amount: -event.amount,
              currency: event.currency,
              receiptUrl: event.receiptUrl || purchase.receiptUrl,
              paymentRef: "",
              units: share,
            }),
          )
          .catch(async (error: unknown) => {
            await this.deps.payments.unmarkReversed(purchase._id, key);
            throw error;
          });
        return done !== null;
      }
    }
  }

  private unknownCustomer(event: { eventId: string; customerId: string }): false {
    this.deps.log.warn(
      { eventId: event.eventId, customerId: event.customerId },
      "payment event for an unknown customer",
    );
    return false;
  }

  /** The ledger entry of a change, made from the plans before and after (applyOnce writes it with the change). */
  private entry(
    account: string,
    id: string,
    kind: LedgerKind,
    extra: Partial<LedgerDocument>,
  ): (before: Plan, after: Plan) => LedgerDocument {
    return (before, after) => ledgerEntry(account, id, kind, before, after, this.deps.now(), extra);
  }
}
