import type { MessageInitShape } from "@bufbuild/protobuf";
import { BookAccess } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import type { LeadFormSchema } from "@turnleaf/contracts/insight/v1/insight_service_pb";
import { catalogueCodes, DomainError, memoryRateLimit, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BookAssets } from "../book-assets.js";
import { grantCookieName, grantValid } from "../domain/book-grant.js";
import { toCsv } from "../domain/csv.js";
import { settingsView } from "../domain/insight.view.js";
import { formView, leadFormOf } from "../domain/lead-form.view.js";
import { leadCookieName, leadGrantValid, leadLock } from "../domain/lead-grant.js";
import { chooseRevision } from "../domain/reader-book.view.js";
import { publishedBookTtlMs, ttlMemo } from "../domain/reader-cache.js";
import {
  type BeaconBody,
  beaconEvents,
  countableEvents,
  defaultBeaconEventsPerMinute,
  deviceClassOf,
  hostOf,
  readerKey,
} from "../domain/reading-beacon.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { errorEnvelopeFor, pageTexts } from "../plugins/message-texts.js";
import { sameOriginVerdict } from "../plugins/same-origin.js";
import { ownedBook, ownedBooks } from "../policies/book-owner.js";
import { type BookBody, bookBodySchema, bookFormSchema, bookIdField, dayField, linkPattern } from "./schemas.js";

/** What the gateway needs to pass readers' events on (main.ts wires NATS in; tests may leave it out). */
export interface InsightDependencies {
  /**
   * Hands one beacon on to insight.v1.book.<bookId>.read; resolves once it is stored (main.ts gathers a book's beacons
   * into one message, plugins/beacon-batcher.ts), rejects when it could not be.
   */
  publish(beacon: MessageInitShape<typeof ReadingEventsSchema>): Promise<void>;
  /** The secret the daily reader salt is derived from. */
  saltSecret: string;
  /** Events one client address may send the beacon path a minute (BEACON_EVENTS_PER_MINUTE); beyond: 429. */
  eventsPerMinute?: number;
  nowMs?: () => number;
}

/** What the beacon needs of the reader's side to drop pages a reader cannot have seen (app.ts passes the reader's). */
export interface BeaconBookFacts {
  assets: BookAssets;
  /** The reader's grant secret: a password book's locked pages count only with a valid grant. */
  grantSecret: string;
}

const insightTtlMs = 10_000;

/**
 * Reading statistics. Readers: GET /b/<link>/insight.json (whether to send events, the lead form) and POST
 * /b/<link>/insight/events (the beacon, published to NATS for the insight service). Owners: settings, statistics of
 * one book or the whole bookcase, and a CSV export. Reference: services/gateway/rest/statistics.md.
 */
export function registerStatisticsRoutes(
  app: FastifyInstance,
  peers: Peers,
  insight?: InsightDependencies,
  reader?: BeaconBookFacts,
): void {
  const nowMs = insight?.nowMs ?? Date.now;
  // Per client address, events a minute (a beacon of 50 events spends 50, an empty one 1).
  // In the gateway's memory: the busiest path cannot afford a store round trip per beacon, and a replica's own
  // share of a flood is refused by it alone.
  const rateLimit = memoryRateLimit("beacon-events", {
    points: insight?.eventsPerMinute ?? defaultBeaconEventsPerMinute,
    durationSeconds: 60,
  });
  const pageCounts = ttlMemo<number>({ ttlMs: publishedBookTtlMs });
  const published = ttlMemo<Awaited<ReturnType<typeof peers.book.getPublishedBook>>>({ ttlMs: publishedBookTtlMs });
  const readerInsight = ttlMemo<Awaited<ReturnType<typeof peers.insight.settings.getReaderInsight>>>({
    ttlMs: insightTtlMs,
  });
  const isNotFound = (error: unknown) => error instanceof DomainError && error.kind === "NOT_FOUND";

  /** The published book of a link, or undefined (the reply answered 404). */
  const publishedBook = async (link: string, request: FastifyRequest, reply: FastifyReply) => {
    const notFound = async () =>
      reply.status(404).send(await errorEnvelopeFor(request, new DomainError("NOT_FOUND", message("bookNotFound"))));
    if (!linkPattern.test(link)) return void (await notFound());
    try {
      const { book } = await published.get(link, () => peers.book.getPublishedBook({ link }), isNotFound);
      if (!book) return void (await notFound());
      return book;
    } catch (error) {
      if (isNotFound(error)) return void (await notFound());
      throw error;
    }
  };
  /** The page count of the book's newest finished revision; 0 when unknown (then only the 1,000-page cap holds). */
  const pageCountOf = (book: { bookId: string; revisions: number[] }) =>
    pageCounts.get(book.bookId, async () => {
      if (!reader) return 0;
      const manifests = await Promise.all(
        book.revisions.map(async (revision) => ({
          revision,
          manifest: await reader.assets.manifest(book.bookId, revision),
        })),
      );
      return chooseRevision(manifests)?.manifest.pageCount ?? 0;
    });
  /** The first page a password holds for this request (no valid grant cookie), or undefined. */
  const lockedFrom = (
    request: FastifyRequest,
    book: { number: string; privacy?: { access: BookAccess; fromPage: number; passVersions: string[] } | undefined },
  ) => {
    const privacy = book.privacy;
    if (!privacy || privacy.access !== BookAccess.PASSWORD) return undefined;
    const token = request.cookies[grantCookieName(book.number)];
    const nowSeconds = Math.floor(nowMs() / 1000);
    if (reader && grantValid(reader.grantSecret, book.number, token, nowSeconds, privacy.passVersions))
      return undefined;
    return privacy.fromPage || 1;
  };
  const insightOf = (bookId: string) =>
    readerInsight.get(bookId, () => peers.insight.settings.getReaderInsight({ bookId }));

  app.get<{ Params: { link: string } }>("/b/:link/insight.json", async (request, reply) => {
    const book = await publishedBook(request.params.link, request, reply);
    if (!book) return reply;
    const answer = await insightOf(book.bookId);
    return reply.header("cache-control", "no-cache").send({
      statistics: answer.statisticsEnabled && Boolean(insight),
      leadForm: answer.leadForm ? formView(answer.leadForm) : null,
    });
  });

  app.post<{ Params: { link: string }; Body: string | BeaconBody | null }>(
    "/b/:link/insight/events",
    // The busiest path and the least said: no compression hook (a 204 has no body, a refusal a few bytes) and no
    // request log lines at info (two per beacon at a thousand beacons a second).
    { bodyLimit: 16 * 1024, compress: false, logLevel: "warn" },
    async (request, reply) => {
      if (sameOriginVerdict(request, []) === "refuse") {
        return reply
          .status(403)
          .send(await errorEnvelopeFor(request, new DomainError("PERMISSION_DENIED", message("reader.crossSite"))));
      }
      const book = await publishedBook(request.params.link, request, reply);
      if (!book) return reply;
      let body: BeaconBody = {};
      try {
        body = (typeof request.body === "string" ? JSON.parse(request.body) : request.body) ?? {};
      } catch {
        return reply
          .status(400)
          .send(await errorEnvelopeFor(request, new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException)));
      }
      // Per client address, before anything is counted: a flood is refused, not only folded away (issue #33).
      const sent = Array.isArray(body.events) ? body.events.length : 0;
      const allowance = await rateLimit.take(request.ip, Math.max(sent, 1));
      if (!allowance.allowed) {
        return reply
          .status(429)
          .header("retry-after", String(allowance.retryAfterSeconds))
          .send(
            await errorEnvelopeFor(
              request,
              new DomainError("RATE_LIMITED", message("beaconTooMany"), {
                details: { retryAfterSeconds: allowance.retryAfterSeconds },
              }),
            ),
          );
      }
      const readerSettings = insight ? await insightOf(book.bookId) : undefined;
      if (!insight || !readerSettings?.statisticsEnabled) return reply.status(204).send();
      // Pages a password or a required lead form holds for this reader are not counted either.
      const leadLocked =
        reader &&
        !leadGrantValid(
          reader.grantSecret,
          book.number,
          request.cookies[leadCookieName(book.number)],
          Math.floor(nowMs() / 1000),
        )
          ? leadLock(readerSettings.leadForm)?.fromPage
          : undefined;
      const passwordLocked = lockedFrom(request, book);
      const held = [passwordLocked, leadLocked].filter((page): page is number => page !== undefined);
      const events = countableEvents(beaconEvents(body), {
        pageCount: await pageCountOf(book),
        lockedFrom: held.length > 0 ? Math.min(...held) : undefined,
      });
      if (events.length === 0) return reply.status(204).send();
      const userAgent = header(request, "user-agent");
      const now = nowMs();
      try {
        await insight.publish({
          bookId: book.bookId,
          // The address under the day's salt, not the User-Agent: the insight service counts a reader's view,
          // completion, referrer and embedding host once a day under this key.
          readerKey: readerKey(insight.saltSecret, now, request.ip, book.bookId),
          receivedAtMs: now,
          referrerHost: hostOf(body.ref, request.host),
          device: deviceClassOf(userAgent),
          embedHost: hostOf(body.embed, request.host),
          events,
        });
      } catch (error) {
        // Not stored (NATS unreachable after the retries): the beacon is refused, never answered as taken.
        request.log.warn({ err: error }, "reading beacon not stored");
        return reply.status(503).send();
      }
      return reply.status(204).send();
    },
  );

  app.post<{ Body: BookBody }>("/api/insight/get-settings", { schema: bookBodySchema }, async (request) => {
    const book = await ownedBook(peers, actorOf(request), request.body.bookId);
    const { settings } = await peers.insight.settings.getInsightSettings({ bookId: book.bookId });
    return okEnvelope(settingsView(settings));
  });

  app.post<{
    Body: {
      bookId: string;
      statisticsEnabled?: string;
      leadForm?: string;
      webhookUrl?: string;
      rotateWebhookSecret?: string;
    };
  }>(
    "/api/insight/update-settings",
    {
      schema: bookFormSchema({
        statisticsEnabled: { type: "string", enum: ["0", "1"] },
        leadForm: { type: "string", maxLength: 20_000 },
        webhookUrl: { type: "string", maxLength: 2000 },
        rotateWebhookSecret: { type: "string", enum: ["0", "1"] },
      }),
    },
    async (request) => {
      const book = await ownedBook(peers, actorOf(request), request.body.bookId);
      const fields = request.body;
      const leadForm: MessageInitShape<typeof LeadFormSchema> | undefined =
        fields.leadForm === undefined ? undefined : leadFormOf(fields.leadForm);
      const { settings } = await peers.insight.settings.updateInsightSettings({
        bookId: book.bookId,
        ...(fields.statisticsEnabled === undefined ? {} : { statisticsEnabled: fields.statisticsEnabled === "1" }),
        ...(leadForm ? { leadForm } : {}),
        ...(fields.webhookUrl === undefined ? {} : { webhookUrl: fields.webhookUrl }),
        rotateWebhookSecret: fields.rotateWebhookSecret === "1",
      });
      readerInsight.clear();
      return okEnvelope(settingsView(settings));
    },
  );

  /** One book's statistics (bookId) or the whole bookcase's (no bookId), with the books they cover. */
  const statisticsFor = async (request: FastifyRequest, fields: { bookId?: string; from?: string; to?: string }) => {
    const actor = actorOf(request);
    const books = fields.bookId
      ? [await ownedBook(peers, actor, fields.bookId)].map(({ bookId, number, title }) => ({ bookId, number, title }))
      : await ownedBooks(peers, actor);
    const answer = await peers.insight.statistics.getStatistics({
      bookIds: books.map((book) => book.bookId),
      fromDay: fields.from ?? "",
      toDay: fields.to ?? "",
    });
    const titles = new Map(books.map((book) => [book.bookId, book]));
    return {
      from: answer.days[0]?.day ?? "",
      to: answer.days.at(-1)?.day ?? "",
      days: answer.days.map(({ day, views, uniqueReaders, completions, readingMs, pagesSeen }) => ({
        day,
        views,
        uniqueReaders,
        completions,
        readingMs,
        pagesSeen,
      })),
      pages: answer.pages.map(({ page, views, readingMs }) => ({ page, views, readingMs })),
      referrers: answer.referrers.map(({ name, count }) => ({ name, count })),
      devices: answer.devices.map(({ name, count }) => ({ name, count })),
      embedHosts: answer.embedHosts.map(({ name, count }) => ({ name, count })),
      // Referrers and embedding sites are what the reader's browser reported (a script can claim any): counted once
      // per reader and day, and labelled as such.
      reportedByBrowser: ["referrers", "embedHosts"],
      books: answer.books.map(({ bookId, views, uniqueReaders, completions }) => ({
        bookId,
        number: titles.get(bookId)?.number ?? "",
        title: titles.get(bookId)?.title ?? "",
        views,
        uniqueReaders,
        completions,
      })),
    };
  };

  const rangeSchema = {
    type: "object",
    properties: { bookId: bookIdField, from: dayField, to: dayField },
  } as const;

  app.post<{ Body: { bookId?: string; from?: string; to?: string } | null }>(
    "/api/insight/get-statistics",
    { schema: { body: { ...rangeSchema, type: ["object", "null"] } } },
    async (request) => okEnvelope(await statisticsFor(request, request.body ?? {})),
  );

  app.get<{ Querystring: { bookId?: string; from?: string; to?: string; lang?: string } }>(
    "/api/insight/export-statistics",
    {
      schema: {
        querystring: {
          ...rangeSchema,
          properties: { ...rangeSchema.properties, lang: { type: "string", maxLength: 35 } },
        },
      },
    },
    async (request, reply) => {
      const view = await statisticsFor(request, request.query);
      // Headings in the user's language (?lang=, else Accept-Language; Chinese by default), from the catalogue.
      const { text } = await pageTexts(request, request.query.lang);
      const heading = (key: string) => text(message(`statisticsCsv.${key}`));
      const rows: unknown[][] = [
        ["day", "views", "uniqueReaders", "pagesSeen", "readingSeconds", "completions"].map(heading),
      ];
      for (const day of view.days) {
        rows.push([
          day.day,
          day.views,
          day.uniqueReaders,
          day.pagesSeen,
          Math.round(day.readingMs / 1000),
          day.completions,
        ]);
      }
      rows.push([], ["page", "views", "readingSeconds"].map(heading));
      for (const page of view.pages) rows.push([page.page, page.views, Math.round(page.readingMs / 1000)]);
      rows.push([], ["referrer", "readers"].map(heading), ...view.referrers.map((entry) => [entry.name, entry.count]));
      rows.push([], ["device", "views"].map(heading), ...view.devices.map((entry) => [entry.name, entry.count]));
      rows.push(
        [],
        ["embedHost", "readers"].map(heading),
        ...view.embedHosts.map((entry) => [entry.name, entry.count]),
      );
      const name = `statistics-${request.query.bookId ?? "bookcase"}-${view.from}-${view.to}.csv`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(toCsv(rows));
    },
  );
}

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
};
