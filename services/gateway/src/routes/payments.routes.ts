import { timestampDate } from "@bufbuild/protobuf/wkt";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { publicOrigin } from "../plugins/public-origin.js";

/**
 * Spec 001 §2 and §9: the account's info bar (plan, points, VIP expiry, remaining days, what is on sale), its
 * ledger, a checkout or the billing portal at the payment provider, and the provider's signed webhooks. Every rule
 * is the power service's PaymentService; this file reads requests and shapes replies. Reference:
 * services/gateway/rest/payments.md.
 */

const planNames: Record<number, string> = {
  [PlanKind.FREE]: "free",
  [PlanKind.POINTS]: "points",
  [PlanKind.VIP_MONTHLY]: "vip-monthly",
  [PlanKind.VIP_ANNUAL]: "vip-annual",
};

const productId = { type: "string", pattern: "^[a-z0-9-]{1,40}$" } as const;
const providerName = { type: "string", pattern: "^[a-z0-9-]{1,20}$" } as const;
/** Where the provider sends the user back: the editor, whose info bar reads the outcome from the query. */
const editorPath = "/book_edit2/bookcase";

export function registerPaymentRoutes(app: FastifyInstance, peers: Peers): void {
  app.get("/api/account/info", async (request) => {
    const actor = actorOf(request);
    const info = await peers.payments.getAccountInfo({ userId: actor.userId });
    return okEnvelope({
      userId: info.userId,
      plan: planNames[info.plan] ?? "free",
      points: info.points,
      vipExpiresAt: info.vipExpiresAt ? timestampDate(info.vipExpiresAt).toISOString() : null,
      remainingDays: info.remainingDays,
      hostedBooks: info.hostedBooks,
      suspendedBooks: info.suspendedBooks,
      autoRenew: info.autoRenew,
      hasBilling: info.hasBilling,
      billingState: info.billingState,
      products: info.products.map((product) => ({
        id: product.id,
        kind: product.kind,
        points: product.points,
        months: product.months,
        amount: Number(product.amount),
        currency: product.currency,
        discountPercent: product.discountPercent,
      })),
    });
  });

  app.get<{ Querystring: { limit?: string } }>(
    "/api/account/ledger",
    {
      schema: {
        querystring: { type: "object", properties: { limit: { type: "string", pattern: "^[0-9]{1,3}$" } } },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { entries } = await peers.payments.listLedger({
        userId: actor.userId,
        limit: Number(request.query.limit ?? "50"),
      });
      return okEnvelope({
        entries: entries.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          pointsDelta: entry.pointsDelta,
          pointsAfter: entry.pointsAfter,
          planAfter: planNames[entry.planAfter] ?? "free",
          vipExpiresAfter: entry.vipExpiresAfter ? timestampDate(entry.vipExpiresAfter).toISOString() : null,
          amount: Number(entry.amount),
          currency: entry.currency,
          receiptUrl: entry.receiptUrl,
          source: entry.source,
          detail: entry.detail,
          at: entry.at ? timestampDate(entry.at).toISOString() : null,
        })),
      });
    },
  );

  app.post<{ Body: { productId: string } }>(
    "/api/account/checkout",
    { schema: { body: { type: "object", required: ["productId"], properties: { productId } } } },
    async (request) => {
      const actor = actorOf(request);
      const back = `${publicOrigin(request)}${editorPath}`;
      const session = await peers.payments.startCheckout({
        userId: actor.userId,
        productId: request.body.productId,
        successUrl: `${back}?payment=done`,
        cancelUrl: `${back}?payment=cancelled`,
      });
      return okEnvelope({ url: session.url, sessionId: session.sessionId });
    },
  );

  app.post("/api/account/billing-portal", async (request) => {
    const actor = actorOf(request);
    const portal = await peers.payments.openBillingPortal({
      userId: actor.userId,
      returnUrl: `${publicOrigin(request)}${editorPath}`,
    });
    return okEnvelope({ url: portal.url });
  });

  // The provider's webhooks: the signature covers the body byte for byte, so this scope keeps it raw (JSON is not
  // parsed here). Not an envelope: answers 200 once recorded (applied or a repeat), 400 for a bad signature and 404
  // for a provider not configured (the provider does not retry), 500 otherwise (the provider retries).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string }; Body: Buffer }>(
      "/api/payments/:provider/webhook",
      { schema: { params: { type: "object", properties: { provider: providerName } } } },
      async (request, reply) => {
        const signature = request.headers["stripe-signature"] ?? request.headers["x-payment-signature"];
        const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const result = await peers.payments.applyPaymentWebhook({
            provider: request.params.provider,
            payload,
            signature: (Array.isArray(signature) ? signature[0] : signature) ?? "",
          });
          return reply.status(200).send({ received: true, applied: result.applied, duplicate: result.duplicate });
        } catch (error) {
          if (error instanceof DomainError && error.kind === "INVALID_ARGUMENT") {
            return reply.status(400).send({ received: false, error: error.message });
          }
          // No such provider configured here: nothing a retry would change.
          if (error instanceof DomainError && error.kind === "NOT_FOUND") {
            return reply.status(404).send({ received: false, error: error.message });
          }
          request.log.error({ err: error }, "payment webhook failed");
          return reply.status(500).send({ received: false });
        }
      },
    );
  });
}
