import { DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { toCsv } from "../domain/csv.js";
import { deliveryNames, leadView } from "../domain/insight.view.js";
import { issueLeadGrant, leadCookieName, leadGrantLifetimeSeconds } from "../domain/lead-grant.js";
import { clientKey } from "../domain/reading-beacon.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { setGrantCookie } from "../plugins/cookies.js";
import { errorEnvelopeFor } from "../plugins/message-texts.js";
import { crossSiteRefusal, sameOriginVerdict } from "../plugins/same-origin.js";
import { ownedBook } from "../policies/book-owner.js";
import { type BookBody, bookBodySchema, bookFormSchema, bookIdField, linkPattern } from "./schemas.js";

/**
 * Lead capture. Readers post the book's form to /b/<link>/lead (same origin only; the insight service validates,
 * normalises and rate-limits per client); a stored lead sets the grant to the pages a required form holds. Owners list, export (CSV), delete and follow the webhook deliveries of their
 * own books' leads only. Reference: services/gateway/rest/leads.md.
 */
export function registerLeadRoutes(
  app: FastifyInstance,
  peers: Peers,
  saltSecret: string,
  /** Signs the grant a stored lead earns (the hosted reader's grant secret); without a reader no grant is set. */
  grantSecret?: string,
  nowMs: () => number = Date.now,
): void {
  app.post<{ Params: { link: string }; Body: { values?: Record<string, unknown>; consent?: boolean; page?: number } }>(
    "/b/:link/lead",
    {
      bodyLimit: 32 * 1024,
      schema: {
        body: {
          type: "object",
          properties: {
            values: { type: "object", maxProperties: 50, additionalProperties: { type: "string", maxLength: 2000 } },
            consent: { type: "boolean" },
            page: { type: "integer", minimum: 0, maximum: 1000 },
          },
        },
      },
    },
    async (request, reply) => {
      if (sameOriginVerdict(request, []) === "refuse") {
        return crossSiteRefusal(request, reply);
      }
      const { link } = request.params;
      const notFound = async () =>
        reply.status(404).send(await errorEnvelopeFor(request, new DomainError("NOT_FOUND", message("bookNotFound"))));
      if (!linkPattern.test(link)) return notFound();
      let book: Awaited<ReturnType<typeof peers.book.getPublishedBook>>["book"];
      try {
        ({ book } = await peers.book.getPublishedBook({ link }));
      } catch (error) {
        if (error instanceof DomainError && error.kind === "NOT_FOUND") return notFound();
        throw error;
      }
      if (!book) return notFound();
      const values = Object.fromEntries(
        Object.entries(request.body.values ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      );
      const { lead } = await peers.insight.leads.submitLead({
        bookId: book.bookId,
        values,
        consent: request.body.consent === true,
        clientKey: clientKey(saltSecret, nowMs(), request.ip),
        page: request.body.page ?? 0,
      });
      // The stored lead opens the pages a required form holds (reader.routes.ts), as an unlock opens a password's.
      if (lead?.leadId && grantSecret) {
        const token = issueLeadGrant(grantSecret, link, Math.floor(nowMs() / 1000));
        setGrantCookie(reply, leadCookieName(link), link, token, leadGrantLifetimeSeconds);
      }
      return reply.header("cache-control", "no-store").send(okEnvelope({ leadId: lead?.leadId ?? "" }));
    },
  );

  app.post<{ Body: BookBody }>("/api/insight/get-leads", { schema: bookBodySchema }, async (request) => {
    const book = await ownedBook(peers, actorOf(request), request.body.bookId);
    const answer = await peers.insight.leads.listLeads({ bookId: book.bookId });
    return okEnvelope({
      fields: answer.fields.map(({ key, label }) => ({ key, label })),
      leads: answer.leads.map(leadView),
    });
  });

  app.get<{ Querystring: { bookId: string } }>(
    "/api/insight/export-leads",
    { schema: { querystring: { type: "object", required: ["bookId"], properties: { bookId: bookIdField } } } },
    async (request, reply) => {
      const book = await ownedBook(peers, actorOf(request), request.query.bookId);
      const answer = await peers.insight.leads.listLeads({ bookId: book.bookId });
      // The form's fields first, then any key older submissions carry that the form no longer has.
      const keys = answer.fields.map((field) => field.key);
      for (const lead of answer.leads)
        for (const key of Object.keys(lead.values)) if (!keys.includes(key)) keys.push(key);
      const labels = new Map(answer.fields.map((field) => [field.key, field.label || field.key]));
      const rows: unknown[][] = [
        ["submitted at", ...keys.map((key) => labels.get(key) ?? key), "consent", "page", "webhook"],
      ];
      for (const lead of answer.leads) {
        rows.push([
          lead.createdAt,
          ...keys.map((key) => lead.values[key] ?? ""),
          lead.consent ? "yes" : "no",
          lead.page || "",
          deliveryNames[lead.deliveryState] ?? "none",
        ]);
      }
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="leads-${book.number}.csv"`)
        .header("cache-control", "no-store")
        .send(toCsv(rows));
    },
  );

  app.post<{ Body: { bookId: string; leadId?: string } }>(
    "/api/insight/delete-lead",
    {
      schema: bookFormSchema({ leadId: { type: "string", pattern: "^([0-9a-f]{24})?$" } }),
    },
    async (request) => {
      const book = await ownedBook(peers, actorOf(request), request.body.bookId);
      const { deleted } = await peers.insight.leads.deleteLead({
        bookId: book.bookId,
        leadId: request.body.leadId ?? "",
      });
      return okEnvelope({ deleted });
    },
  );

  app.post<{ Body: BookBody }>("/api/insight/get-lead-deliveries", { schema: bookBodySchema }, async (request) => {
    const book = await ownedBook(peers, actorOf(request), request.body.bookId);
    const { deliveries } = await peers.insight.leads.listLeadDeliveries({ bookId: book.bookId });
    return okEnvelope({
      deliveries: deliveries.map(({ leadId, attempt, at, statusCode, ok, error, url }) => ({
        leadId,
        attempt,
        at,
        statusCode,
        ok,
        error,
        url,
      })),
    });
  });
}
