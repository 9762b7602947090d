import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { Manifest } from "@turnleaf/book-format";
import { BookAccess, PasswordMode } from "@turnleaf/contracts/book/v1/book_service_pb";
import { codedOfText, DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BookAssets } from "../book-assets.js";
import {
  assetLocked,
  type BookLock,
  grantCookieName,
  grantLifetimeSeconds,
  grantValid,
  issueGrant,
} from "../domain/book-grant.js";
import { entityTag, etagMatches } from "../domain/entity-tag.js";
import { combinedLock, type LeadFormFacts, leadCookieName, leadGrantValid, leadLock } from "../domain/lead-grant.js";
import { withoutLockedAudio } from "../domain/page-audio.view.js";
import { withPageMedia } from "../domain/page-media.view.js";
import {
  analyticsHtml,
  analyticsPolicy,
  noticeHtml,
  type ReaderRefusal,
  readerRefusal,
  refusalHtml,
} from "../domain/reader-access.js";
import {
  assetContentType,
  chooseRevision,
  isReadableAsset,
  isSourcePdf,
  oembed,
  type PublishedBookFacts,
  readerBook,
  readerHtml,
} from "../domain/reader-book.view.js";
import { publishedBookTtlMs, ttlMemo } from "../domain/reader-cache.js";
import { type BookReaderSettings, bookReaderSettings } from "../domain/reader-settings.view.js";
import type { Peers } from "../peers.js";
import { setGrantCookie } from "../plugins/cookies.js";
import { errorEnvelopeFor, pageTexts } from "../plugins/message-texts.js";
import { publicOrigin } from "../plugins/public-origin.js";
import { ownersOwnRequest } from "../policies/owner-preview.js";
import { publishedMedia } from "./media.routes.js";
import { publishedPageAudio } from "./page-audio.routes.js";
import { linkPattern } from "./schemas.js";

export interface ReaderDependencies {
  assets: BookAssets;
  /** The built reader (web/reader/dist): index.html and assets/. */
  distDir: string;
  /** Signs readers' grants to password-protected books. */
  grantSecret: string;
  nowSeconds?: () => number;
  /** The clock of the published-book memo (tests). */
  nowMs?: () => number;
}

/**
 * The hosted reader: /b/<link>[/<page>] (the reader's HTML with the book inline), /b/<link>/book.json, the book's
 * converted assets under /b/<link>/assets/<revision>/…, the reader's own files under /reader/, and oEmbed.
 */
export async function registerReaderRoutes(app: FastifyInstance, peers: Peers, reader: ReaderDependencies) {
  await app.register(fastifyStatic, {
    root: join(reader.distDir, "assets"),
    prefix: "/reader/assets/",
    // File names carry their content hash: cache them for good.
    immutable: true,
    maxAge: "365d",
    // The build writes .br and .gz beside each text file (web/build/precompress.ts).
    preCompressed: true,
  });

  let template: string | undefined;
  const readTemplate = async () => {
    template ??= await readFile(join(reader.distDir, "index.html"), "utf8");
    return template;
  };

  const nowSeconds = reader.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  /** The book's password lock unless the request carries a valid grant. */
  const passwordLock = (
    request: FastifyRequest,
    book: {
      number: string;
      privacy?: { access: BookAccess; mode: PasswordMode; hint: string; fromPage: number; passVersions: string[] };
    },
  ): BookLock | null => {
    const privacy = book.privacy;
    if (!privacy || privacy.access !== BookAccess.PASSWORD) return null;
    const token = request.cookies[grantCookieName(book.number)];
    if (grantValid(reader.grantSecret, book.number, token, nowSeconds(), privacy.passVersions)) return null;
    return {
      mode: privacy.mode === PasswordMode.USERS ? "users" : "single",
      hint: privacy.hint,
      fromPage: privacy.fromPage || 1,
    };
  };

  /** The lock of a lead form that may not be skipped, unless the request carries the grant its submission set. */
  const leadFormLock = async (request: FastifyRequest, book: { bookId: string; number: string }) => {
    if (leadGrantValid(reader.grantSecret, book.number, request.cookies[leadCookieName(book.number)], nowSeconds())) {
      return null;
    }
    try {
      const form = await leadForms.get(book.bookId, async () => {
        const answer = await peers.insight.settings.getReaderInsight({ bookId: book.bookId });
        return answer.leadForm ?? null;
      });
      return leadLock(form);
    } catch (error) {
      // Statistics and leads down: the book stays readable (the form cannot be stored either); said in the log.
      request.log.warn({ err: error, bookId: book.bookId }, "lead form unknown: pages served without its lock");
      return null;
    }
  };

  /**
   * The lock a request is under: the password's and a required lead form's, each unless its grant came along, and
   * none for the owner's own (the editor's live preview: a same-origin request with the owner's session). Being
   * framed by the editor proves nothing by itself; only the signed-in owner's session lifts the lock.
   */
  const lockFor = async (
    request: FastifyRequest,
    book: Parameters<typeof passwordLock>[1] & { bookId: string },
  ): Promise<BookLock | null> => {
    const lock = combinedLock(passwordLock(request, book), await leadFormLock(request, book));
    if (lock && (await ownersOwnRequest(peers, request, book.bookId))) return null;
    return lock;
  };

  const publishedMemo = ttlMemo<Awaited<ReturnType<typeof peers.book.getPublishedBook>>>({
    ttlMs: publishedBookTtlMs,
    now: reader.nowMs,
  });
  const leadForms = ttlMemo<LeadFormFacts | null>({ ttlMs: publishedBookTtlMs, now: reader.nowMs });
  const isNotFound = (error: unknown) => error instanceof DomainError && error.kind === "NOT_FOUND";
  // A book change made through this gateway (privacy, settings, disabling, re-conversion) empties the memo at once.
  app.addHook("onResponse", async (request) => {
    // The matched route, not the raw URL: /%61pi/book/… reaches the same handlers and must empty the memo too.
    if (request.method === "POST" && request.routeOptions.url?.startsWith("/api/book/")) publishedMemo.clear();
    // A lead form changed here holds (or frees) its pages at once.
    if (request.method === "POST" && request.routeOptions.url === "/api/insight/update-settings") leadForms.clear();
  });

  /** The published book; asset requests (`cached`) reuse an answer up to publishedBookTtlMs old. */
  const published = async (link: string, cached = false) => {
    if (!linkPattern.test(link)) throw notFound();
    const { book } = cached
      ? await publishedMemo.get(link, () => peers.book.getPublishedBook({ link }), isNotFound)
      : await peers.book.getPublishedBook({ link });
    if (!book) throw notFound();
    const manifests = await Promise.all(
      book.revisions.map(async (revision) => ({
        revision,
        manifest: await reader.assets.manifest(book.bookId, revision),
      })),
    );
    const chosen = chooseRevision(manifests);
    const servable = servableRevisions(manifests, chosen?.revision);
    const facts: PublishedBookFacts & { owner: BookReaderSettings } = {
      number: book.number,
      title: book.title,
      description: book.description,
      keywords: book.keywords,
      owner: bookReaderSettings(book),
    };
    return { book, facts, chosen, servable };
  };

  /** The book for a path answering 404 (not an application error in a 200 envelope) when it is not to be read. */
  const publishedOr404 = async (link: string, reply: FastifyReply, cached = false) => {
    try {
      return await published(link, cached);
    } catch (error) {
      if (error instanceof DomainError && error.kind === "NOT_FOUND") {
        reply.status(404).send(await errorEnvelopeFor(reply.request, error));
        return undefined;
      }
      throw error;
    }
  };

  /** The book's languages for the switcher; a language service that does not answer leaves the switcher out. */
  const languagesOf = async (bookId: string) => {
    try {
      const { languages } = await peers.language.getBookLanguages({ bookId });
      return languages.map(({ code, name, checked, isDefault }) => ({ code, name, checked, isDefault }));
    } catch (error) {
      app.log.warn({ err: error, bookId }, "book languages unavailable for the reader");
      return [];
    }
  };

  /**
   * The book as the reader reads it (embedded in its page, and book.json): the pages with their media items, the
   * languages and the page audio the lock leaves.
   */
  const readerBookView = async (
    request: FastifyRequest,
    book: { bookId: string; number: string },
    facts: Parameters<typeof viewOf>[0],
    chosen: Parameters<typeof viewOf>[1],
    lock: BookLock | null,
  ) => {
    const [languages, media, pageAudio] = await Promise.all([
      languagesOf(book.bookId),
      publishedMedia(peers, book.number, request.log),
      publishedPageAudio(peers, book.number, request.log),
    ]);
    const base = viewOf(facts, chosen, lock);
    const audio = withoutLockedAudio(pageAudio, lock);
    return {
      ...base,
      pages: withPageMedia(base.pages, media),
      languages,
      ...(audio ? { pageAudio: audio } : {}),
    };
  };

  const refusalOf = (request: FastifyRequest, owner: BookReaderSettings): ReaderRefusal | null =>
    readerRefusal(owner.htmlConfig, {
      secFetchDest: header(request, "sec-fetch-dest"),
      secFetchSite: header(request, "sec-fetch-site"),
      userAgent: header(request, "user-agent"),
    });

  const notFoundPage = async (request: FastifyRequest<{ Querystring: { lang?: string } }>, reply: FastifyReply) => {
    const { lang, text } = await pageTexts(request, request.query.lang);
    return reply
      .status(404)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(noticeHtml("notFound", text(message("bookNotFound")), lang));
  };

  const page = async (
    request: FastifyRequest<{ Params: { link: string; page?: string }; Querystring: { lang?: string } }>,
    reply: FastifyReply,
  ) => {
    const { book, facts, chosen } = await published(request.params.link).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === "NOT_FOUND") return { book: null, facts: null, chosen: null };
      throw error;
    });
    if (!book || !facts) return notFoundPage(request, reply);
    const refusal = refusalOf(request, facts.owner);
    if (refusal) {
      const { lang, text } = await pageTexts(request, request.query.lang);
      const coded = codedOfText(refusal.message);
      return reply
        .status(403)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("vary", "sec-fetch-dest, user-agent, accept-language")
        .send(refusalHtml(refusal, coded ? text(coded) : refusal.message, lang));
    }
    const lock = await lockFor(request, book);
    const view = await readerBookView(request, book, facts, chosen, lock);
    const pageNumber = Math.min(Math.max(Number(request.params.page ?? 1) || 1, 1), Math.max(view.pageCount, 1));
    // A protected page's text stays out of the page, like its picture.
    const textKey = lock && pageNumber >= lock.fromPage ? null : chosen?.manifest.pages[pageNumber - 1]?.text;
    const pageText =
      chosen && textKey ? textOf(await reader.assets.text(chosen.manifest.bookId, chosen.revision, textKey)) : "";
    const origin = publicOrigin(request);
    const html = readerHtml({ template: await readTemplate(), origin, book: view, facts, page: pageNumber, pageText });
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("x-content-type-options", "nosniff")
      .header("vary", "sec-fetch-dest, user-agent")
      .send(html);
  };

  app.get<{ Params: { link: string }; Querystring: { lang?: string } }>("/b/:link", page);
  app.get<{ Params: { link: string; page: string }; Querystring: { lang?: string } }>("/b/:link/:page", page);

  app.get<{ Params: { link: string } }>("/b/:link/book.json", async (request, reply) => {
    const found = await publishedOr404(request.params.link, reply);
    if (!found) return reply;
    const { book, facts, chosen } = found;
    const refusal = refusalOf(request, facts.owner);
    // The reader's own polling (same origin) is the page it already showed; only other callers are refused.
    if (refusal && header(request, "sec-fetch-site") !== "same-origin") {
      return reply
        .status(403)
        .send(await errorEnvelopeFor(request, new DomainError("PERMISSION_DENIED", refusal.message)));
    }
    const lock = await lockFor(request, book);
    const view = await readerBookView(request, book, facts, chosen, lock);
    // Revalidated on every open (no-cache), answered 304 while the book has not changed.
    const body = JSON.stringify(view);
    const etag = entityTag(body);
    reply.header("cache-control", "no-cache").header("etag", etag);
    if (etagMatches(header(request, "if-none-match"), etag)) return reply.status(304).send();
    return reply.type("application/json; charset=utf-8").send(body);
  });

  // The sandboxed analytics page the reader frames when the book has an analytics ID or a tracking script.
  app.get<{ Params: { link: string } }>("/b/:link/analytics", async (request, reply) => {
    const found = await publishedOr404(request.params.link, reply);
    if (!found) return reply;
    const html = analyticsHtml(found.facts.owner.htmlConfig);
    if (!html) return reply.status(404).send(await errorEnvelopeFor(request, notFound()));
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", analyticsPolicy)
      .header("cache-control", "no-cache")
      .header("x-content-type-options", "nosniff")
      .send(html);
  });

  app.get<{ Params: { link: string; revision: string; "*": string } }>(
    "/b/:link/assets/:revision/*",
    async (request, reply) => {
      const key = request.params["*"];
      const revision = Number(request.params.revision);
      if (!isReadableAsset(key) || !Number.isInteger(revision))
        return reply.status(404).send(await errorEnvelopeFor(request, notFound()));
      const found = await publishedOr404(request.params.link, reply, true);
      if (!found) return reply;
      const { book } = found;
      // Only the revision readers see (and the one converting): an overwritten revision's pages, text and search
      // index are gone for readers at once, though its files stay in the bucket until the sweep removes them.
      if (!found.servable.includes(revision))
        return reply.status(404).send(await errorEnvelopeFor(request, notFound()));
      const lock = await lockFor(request, book);
      if (isSourcePdf(key)) {
        // Only full-vector revisions keep their PDF for readers (pdf.js draws it); other books' sources stay private.
        const manifest = await reader.assets.manifest(book.bookId, revision);
        if (manifest?.engine !== "vector" || !manifest.sourcePdfs.includes(key))
          return reply.status(404).send(await errorEnvelopeFor(request, notFound()));
      }
      // The original PDF holds every page: any lock withholds it.
      if (assetLocked(lock, key) || (lock && isSourcePdf(key))) {
        return reply
          .status(403)
          .send(await errorEnvelopeFor(request, new DomainError("PERMISSION_DENIED", message("reader.pageLocked"))));
      }
      const object = await reader.assets.object(book.bookId, revision, key);
      if (!object) return reply.status(404).send(await errorEnvelopeFor(request, notFound()));
      return (
        reply
          .type(assetContentType(key))
          .header("content-length", object.size)
          .header("etag", `"${object.etag}"`)
          // A revision's files never change once written.
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(object.body)
      );
    },
  );

  // The reader's password form posts here; a right password sets the grant cookie for this book's pages.
  app.post<{ Params: { link: string }; Body: { password?: string; user?: string } | null }>(
    "/b/:link/unlock",
    {
      schema: {
        body: {
          type: ["object", "null"],
          properties: { password: { type: "string", maxLength: 64 }, user: { type: "string", maxLength: 64 } },
        },
      },
    },
    async (request, reply) => {
      const { link } = request.params;
      if (!linkPattern.test(link)) throw notFound();
      const body = request.body ?? {};
      const { fromPage, passVersion } = await peers.book.unlockBook({
        link,
        userName: body.user ?? "",
        password: body.password ?? "",
        clientAddress: request.ip,
      });
      // A book without a password needs no pass (and one issued now would not survive a password being set).
      if (!passVersion) return okEnvelope({ fromPage });
      const token = issueGrant(reader.grantSecret, link, passVersion, nowSeconds());
      setGrantCookie(reply, grantCookieName(link), link, token, grantLifetimeSeconds);
      return okEnvelope({ fromPage });
    },
  );

  app.get<{ Querystring: { url?: string; maxwidth?: string; maxheight?: string } }>(
    "/oembed",
    async (request, reply) => {
      const target = request.query.url ?? "";
      const link = bookLinkOf(target);
      if (!link) return reply.status(404).send(await errorEnvelopeFor(request, notFound()));
      // Unknown, private, disabled or overdue books, and those the owner's rules refuse to embedders: 404 alike.
      const found = await publishedOr404(link, reply);
      if (!found) return reply;
      if (refusalOf(request, found.facts.owner))
        return reply.status(404).send(await errorEnvelopeFor(request, notFound()));
      const width = Math.min(Number(request.query.maxwidth) || 800, 1600);
      const height = Math.min(Number(request.query.maxheight) || 600, 1200);
      return oembed(publicOrigin(request), found.facts, { width, height });
    },
  );
}

const notFound = () => new DomainError("NOT_FOUND", message("bookNotFound"));

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The book link an oEmbed `url` names (`…/b/<link>[/<page>]`); undefined for anything else, an unparsable URL too. */
export function bookLinkOf(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, "http://x").pathname;
  } catch {
    return undefined;
  }
  return /\/b\/([A-Za-z0-9_-]{1,64})(?:\/\d+)?\/?$/.exec(pathname)?.[1];
}

/**
 * The revisions whose files readers may fetch: the one they are shown (the newest finished) and a newer one still
 * converting (its first pages land while the book converts); never an older, overwritten one.
 */
export function servableRevisions(
  manifests: readonly { revision: number; manifest: Manifest | null }[],
  shown: number | undefined,
): number[] {
  const newest = [...manifests].sort((a, b) => b.revision - a.revision)[0];
  const servable = shown === undefined ? [] : [shown];
  if (newest && newest.revision !== shown && newest.manifest?.state === "converting") servable.push(newest.revision);
  return servable;
}

/** The reader's book: the chosen revision's, or an empty one still converting when no manifest exists yet. */
function viewOf(
  facts: PublishedBookFacts & { owner?: BookReaderSettings },
  chosen: { manifest: Parameters<typeof readerBook>[1] } | undefined,
  lock: BookLock | null,
) {
  return chosen
    ? readerBook(facts, chosen.manifest, lock, facts.owner)
    : { ...readerBook(facts, emptyManifest, lock, facts.owner), state: "converting" as const };
}

/** What a book with no manifest yet (its first conversion just started) shows: no pages, converting. */
const emptyManifest: Manifest = {
  format: 1,
  bookId: "",
  revision: 0,
  jobId: "",
  state: "converting",
  engine: "hd-image",
  trial: false,
  pageCount: 0,
  pagesDone: 0,
  pages: [],
  outline: [],
  search: null,
  sourcePdfs: [],
  updatedAt: new Date(0).toISOString(),
};

function textOf(json: string | null): string {
  if (!json) return "";
  try {
    const parsed = JSON.parse(json) as { items?: { text?: unknown }[] };
    return (parsed.items ?? []).map((item) => (typeof item.text === "string" ? item.text : "")).join(" ");
  } catch {
    return "";
  }
}
