import { Buffer } from "node:buffer";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { PaymentService } from "@turnleaf/contracts/power/v1/payment_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import type { PaymentDesk } from "./payment-desk.js";
import { planKindMessage } from "./proto-views.js";

export function paymentHandlers(desk: PaymentDesk): ServiceImplementation<typeof PaymentService> {
  return {
    async getAccountInfo(request) {
      // The counts and billing flags travel as the desk answers them; the plan and the products are reshaped.
      const { plan, products, ...counts } = await desk.accountInfo(request.userId);
      return {
        ...counts,
        plan: planKindMessage(plan.kind),
        points: plan.points,
        ...(plan.vipExpiresAt ? { vipExpiresAt: timestampFromDate(plan.vipExpiresAt) } : {}),
        products: products.map((product) => ({
          id: product.id,
          kind: product.kind,
          points: product.kind === "points" ? product.points : 0,
          months: product.kind === "vip" ? product.months : 0,
          amount: BigInt(product.amount),
          currency: product.currency,
          discountPercent: product.kind === "points" ? product.discountPercent : 0,
        })),
      };
    },
    async listLedger(request) {
      const entries = await desk.ledger(request.userId, request.limit);
      return {
        entries: entries.map((entry) => ({
          id: entry._id,
          kind: entry.kind,
          pointsDelta: entry.pointsDelta,
          pointsAfter: entry.pointsAfter,
          planAfter: planKindMessage(entry.planAfter),
          ...(entry.vipExpiresAfter ? { vipExpiresAfter: timestampFromDate(entry.vipExpiresAfter) } : {}),
          amount: BigInt(entry.amount),
          currency: entry.currency,
          receiptUrl: entry.receiptUrl,
          source: entry.source,
          detail: entry.detail,
          at: timestampFromDate(entry.at),
        })),
      };
    },
    async startCheckout(request) {
      return desk.startCheckout({
        userId: request.userId,
        productId: request.productId,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
    },
    async openBillingPortal(request) {
      return desk.openPortal({ userId: request.userId, returnUrl: request.returnUrl });
    },
    async applyPaymentWebhook(request) {
      return desk.applyWebhook(request.provider, Buffer.from(request.payload), request.signature);
    },
    async grantLicencePoints(request) {
      return desk.grantLicencePoints(request.userId);
    },
  };
}
