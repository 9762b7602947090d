import { CustomKind } from "@turnleaf/contracts/book/v1/book_content_pb";
import { okEnvelope } from "@turnleaf/kit";
import { businessCardTexts } from "@turnleaf/resource-files";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  bookSummaryView,
  brandView,
  cardView,
  codeInfoView,
  customEntryView,
  lockView,
} from "../domain/book-content.view.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { publicOrigin } from "../plugins/public-origin.js";
import { assertFeaturesGranted } from "../policies/features.js";
import { bookIdField } from "./schemas.js";

/**
 * Per-book content beyond settings: custom config/content/theme, business cards, brands, share icon, book lock, text
 * status and the online bookcase (spec 000 §7, spec 001 §7); uploaded files, upload logs and the PDF download are
 * files.routes.ts. Payloads
 * and replies: services/gateway/rest/book-content.md. The book service owns every rule and limit; this file reads
 * forms, streams bytes between the client and S3's presigned URLs, and shapes the replies.
 */
const text = (maxLength: number) => ({ type: "string", maxLength }) as const;
const json = text(400_000);
const flag = { type: "string", enum: ["", "0", "1", "true", "false"] } as const;
const contentId = { type: "string", maxLength: 64 } as const;

const body = (required: string[], properties: Record<string, unknown>) => ({
  body: { type: "object", required, properties },
});

const isTrue = (value: string | undefined) => value === "1" || value === "true";

const cardProperties = {
  name: text(1000),
  title: text(1000),
  company: text(1000),
  phone: text(1000),
  email: text(1000),
  website: text(4000),
  address: text(1000),
  avatar: text(4000),
  desc: text(1000),
};
type CardBody = Partial<Record<keyof typeof cardProperties, string>>;

/** A card as the book service takes it: the form's fields (its `desc` is the description), "" where not given. */
const cardOf = (fields: CardBody, cardId = "") => ({
  cardId,
  ...businessCardTexts((field) => fields[field === "description" ? "desc" : field]),
});

export function registerBookContentRoutes(app: FastifyInstance, peers: Peers): void {
  const book = peers.book;
  const origin = publicOrigin;
  const user = (request: FastifyRequest) => actorOf(request).userId;

  // Custom config (spec 001 config kinds config, olsconfig, theme), content blocks and saved themes.
  const configType = { type: "string", enum: ["", "config", "olsconfig", "theme"] } as const;
  app.post<{ Body: { bookId: string; type?: string } }>(
    "/api/book/get-book-custom-config",
    { schema: body(["bookId"], { bookId: bookIdField, type: configType }) },
    async (request) => {
      const type = request.body.type || "config";
      const { entries } = await book.getBookCustom({
        userId: user(request),
        bookId: request.body.bookId,
        kind: CustomKind.CONFIG,
        key: type,
      });
      const entry = entries[0];
      return okEnvelope(entry ? customEntryView(entry, "config", "type") : { type, config: null, updatedAt: "" });
    },
  );
  app.post<{ Body: { bookId: string; type?: string; config: string } }>(
    "/api/book/save-book-custom-config",
    { schema: body(["bookId", "config"], { bookId: bookIdField, type: configType, config: json }) },
    async (request) => {
      const { entry } = await book.saveBookCustom({
        userId: user(request),
        bookId: request.body.bookId,
        kind: CustomKind.CONFIG,
        key: request.body.type || "config",
        json: request.body.config,
      });
      if (!entry) throw new Error("book service answered without the entry");
      return okEnvelope(customEntryView(entry, "config", "type"));
    },
  );
  app.post<{ Body: { bookId: string; type?: string } }>(
    "/api/book/delete-book-custom-config",
    { schema: body(["bookId"], { bookId: bookIdField, type: configType }) },
    async (request) => {
      const { deleted } = await book.deleteBookCustom({
        userId: user(request),
        bookId: request.body.bookId,
        kind: CustomKind.CONFIG,
        key: request.body.type || "config",
      });
      return okEnvelope({ deleted });
    },
  );

  const contentKey = text(64);
  app.post<{ Body: { bookId: string; key?: string } }>(
    "/api/book/get-custom-content",
    { schema: body(["bookId"], { bookId: bookIdField, key: contentKey }) },
    async (request) => {
      const { entries } = await book.getBookCustom({
        userId: user(request),
        bookId: request.body.bookId,
        kind: CustomKind.CONTENT,
        key: request.body.key ?? "",
      });
      return okEnvelope({ list: entries.map((entry) => customEntryView(entry, "content", "key")) });
    },
  );
  app.post<{ Body: { bookId: string; key: string; content: string } }>(
    "/api/book/save-custom-content",
    { schema: body(["bookId", "key", "content"], { bookId: bookIdField, key: contentKey, content: json }) },
    async (request) => {
      const { entry } = await book.saveBookCustom({
        userId: user(request),
        bookId: request.body.bookId,
        kind: CustomKind.CONTENT,
        key: request.body.key,
        json: request.body.content,
      });
      if (!entry) throw new Error("book service answered without the entry");
      return okEnvelope(customEntryView(entry, "content", "key"));
    },
  );
  app.post<{ Body: { bookId: string; key: string } }>(
    "/api/book/delete-custom-content",
    { schema: body(["bookId", "key"], { bookId: bookIdField, key: contentKey }) },
    async (request) => {
      const { deleted } = await book.deleteBookCustom({
        userId: user(request),
        bookId: request.body.bookId,
        kind: CustomKind.CONTENT,
        key: request.body.key,
      });
      return okEnvelope({ deleted });
    },
  );

  app.post<{ Body: { name?: string } | null }>(
    "/api/book/get-custom-theme",
    { schema: { body: { type: ["object", "null"], properties: { name: contentKey } } } },
    async (request) => {
      const { entries } = await book.getBookCustom({
        userId: user(request),
        bookId: "",
        kind: CustomKind.THEME,
        key: request.body?.name ?? "",
      });
      return okEnvelope({ list: entries.map((entry) => customEntryView(entry, "theme", "name")) });
    },
  );
  app.post<{ Body: { name: string; theme: string } }>(
    "/api/book/save-custom-theme",
    { schema: body(["name", "theme"], { name: contentKey, theme: json }) },
    async (request) => {
      const { entry } = await book.saveBookCustom({
        userId: user(request),
        bookId: "",
        kind: CustomKind.THEME,
        key: request.body.name,
        json: request.body.theme,
      });
      if (!entry) throw new Error("book service answered without the entry");
      return okEnvelope(customEntryView(entry, "theme", "name"));
    },
  );
  app.post<{ Body: { name: string } }>(
    "/api/book/delete-custom-theme",
    { schema: body(["name"], { name: contentKey }) },
    async (request) => {
      const { deleted } = await book.deleteBookCustom({
        userId: user(request),
        bookId: "",
        kind: CustomKind.THEME,
        key: request.body.name,
      });
      return okEnvelope({ deleted });
    },
  );

  // Business cards: the user's list, and the card a book shows.
  app.post("/api/book/get-business-card-list", async (request) => {
    const { cards } = await book.listBusinessCards({ userId: user(request) });
    return okEnvelope({ list: cards.map(cardView) });
  });
  app.post<{ Body: CardBody }>(
    "/api/book/add-business-card",
    { schema: body(["name"], cardProperties) },
    async (request) => {
      const { card } = await book.addBusinessCard({ userId: user(request), card: cardOf(request.body) });
      return okEnvelope(cardView(card));
    },
  );
  app.post<{ Body: CardBody & { cardId: string } }>(
    "/api/book/update-Business-Card",
    { schema: body(["cardId", "name"], { cardId: contentId, ...cardProperties }) },
    async (request) => {
      const { card } = await book.updateBusinessCard({
        userId: user(request),
        card: cardOf(request.body, request.body.cardId),
      });
      return okEnvelope(cardView(card));
    },
  );
  app.post<{ Body: { cardId: string } }>(
    "/api/book/delete-business-card",
    { schema: body(["cardId"], { cardId: contentId }) },
    async (request) => {
      const { deleted } = await book.deleteBusinessCard({ userId: user(request), cardId: request.body.cardId });
      return okEnvelope({ deleted });
    },
  );
  app.post<{ Body: { bookId: string } }>(
    "/api/book/get-book-business-card",
    { schema: body(["bookId"], { bookId: bookIdField }) },
    async (request) => {
      const reply = await book.getBookBusinessCard({ userId: user(request), bookId: request.body.bookId });
      return okEnvelope({ card: cardView(reply.card), visible: reply.visible });
    },
  );
  app.post<{ Body: { bookId: string; cardId?: string; visible?: string } }>(
    "/api/book/update-Book-Business-Card",
    { schema: body(["bookId"], { bookId: bookIdField, cardId: contentId, visible: flag }) },
    async (request) => {
      const reply = await book.setBookBusinessCard({
        userId: user(request),
        bookId: request.body.bookId,
        cardId: request.body.cardId ?? "",
        visible: request.body.visible === undefined ? true : isTrue(request.body.visible),
      });
      return okEnvelope({ card: cardView(reply.card), visible: reply.visible });
    },
  );

  // Brands (spec 001 brand kinds).
  const brandType = { type: "string", enum: ["", "loadingBrand", "toolBarBrand", "relatedBrand"] } as const;
  app.post<{ Body: { type?: string } | null }>(
    "/api/user/brand/get-list",
    { schema: { body: { type: ["object", "null"], properties: { type: brandType } } } },
    async (request) => {
      const { brands } = await book.listBrands({ userId: user(request), kind: request.body?.type ?? "" });
      return okEnvelope({ list: brands.map(brandView) });
    },
  );
  app.post<{ Body: { type: string; title?: string; logo?: string; link?: string; desc?: string } }>(
    "/api/user/brand/create",
    {
      schema: body(["type"], {
        type: brandType,
        title: text(1000),
        logo: text(4000),
        link: text(4000),
        desc: text(1000),
      }),
    },
    async (request) => {
      const fields = request.body;
      // Brands are the public-logo feature (spec 000 §6): asked on the server before anything is stored.
      const actor = actorOf(request);
      await assertFeaturesGranted(request, peers, actor, ["PUBLIC_LOGO"]);
      const { brand } = await book.createBrand({
        userId: actor.userId,
        brand: {
          kind: fields.type,
          title: fields.title ?? "",
          logo: fields.logo ?? "",
          link: fields.link ?? "",
          description: fields.desc ?? "",
        },
      });
      return okEnvelope(brandView(brand));
    },
  );

  // Spec 000 §7 spells it "sare".
  app.post<{ Body: { bookId: string; icon?: string } }>(
    "/api/book/set-book-sare-icon",
    { schema: body(["bookId"], { bookId: bookIdField, icon: text(4000) }) },
    async (request) => {
      const actor = actorOf(request);
      // A gated feature (spec 000 §6), asked once the book is known to be the actor's (another's stays "not
      // found"); clearing the icon needs nothing.
      if ((request.body.icon ?? "").trim() !== "") {
        await book.getBookPrivacy({ userId: actor.userId, bookId: request.body.bookId });
        await assertFeaturesGranted(request, peers, actor, ["WECHAT_SHARE_ICON"]);
      }
      const { icon } = await book.setBookShareIcon({
        userId: actor.userId,
        bookId: request.body.bookId,
        icon: request.body.icon ?? "",
      });
      return okEnvelope({ icon });
    },
  );

  app.post<{ Body: { bookId: string; sessionId: string; release?: string; takeOver?: string } }>(
    "/api/book/get-book-lock",
    {
      schema: body(["bookId", "sessionId"], {
        bookId: bookIdField,
        sessionId: text(64),
        release: flag,
        takeOver: flag,
      }),
    },
    async (request) => {
      const { lock } = await book.getBookLock({
        userId: user(request),
        bookId: request.body.bookId,
        sessionId: request.body.sessionId,
        release: isTrue(request.body.release),
        takeOver: isTrue(request.body.takeOver),
      });
      return okEnvelope(lockView(lock));
    },
  );

  app.post<{ Body: { bookId: string; textStatus: string } }>(
    "/api/book/set-book-text-status",
    {
      schema: body(["bookId", "textStatus"], { bookId: bookIdField, textStatus: { type: "string", enum: ["0", "1"] } }),
    },
    async (request) => {
      const reply = await book.setBookTextStatus({
        userId: user(request),
        bookId: request.body.bookId,
        textStatus: Number(request.body.textStatus),
      });
      return okEnvelope({ textStatus: reply.textStatus });
    },
  );

  app.post<{ Body: { bookId: string } }>(
    "/api/book/get-code-info",
    { schema: body(["bookId"], { bookId: bookIdField }) },
    async (request) => {
      const reply = await book.getBook({ userId: user(request), bookId: request.body.bookId, baseUrl: "" });
      if (!reply.book) throw new Error("book service answered without a book");
      return okEnvelope(codeInfoView(reply.book, origin(request)));
    },
  );

  // The online bookcase (spec 001): the CLI's `turnleaf books` uses exactly these three paths.
  const digits = { type: "string", pattern: "^[0-9]{1,6}$" } as const;
  app.post<{
    Body: { page?: string; pageSize?: string; status?: string; keyword?: string; folderType?: string } | null;
  }>(
    "/api/book/get-book-list",
    {
      schema: {
        body: {
          type: ["object", "null"],
          properties: {
            page: digits,
            pageSize: digits,
            status: text(20),
            keyword: text(100),
            folderType: { type: "string", enum: ["", "0", "1", "2"] },
          },
        },
      },
    },
    async (request) => {
      const fields = request.body ?? {};
      const reply = await book.listBooks({
        userId: user(request),
        page: Number(fields.page ?? 0),
        pageSize: Number(fields.pageSize ?? 0),
        status: fields.status ?? "",
        keyword: fields.keyword ?? "",
        folderType: Number(fields.folderType || 0),
      });
      return okEnvelope({
        total: reply.total,
        list: reply.books.map((entry) => bookSummaryView(entry, origin(request))),
      });
    },
  );
  app.post<{ Body: { bookId: string; status: string } }>(
    "/api/book/set-book-status",
    {
      schema: body(["bookId", "status"], {
        bookId: bookIdField,
        status: { type: "string", enum: ["enabled", "disabled"] },
      }),
    },
    async (request) => {
      const reply = await book.setBookStatus({
        userId: user(request),
        bookId: request.body.bookId,
        status: request.body.status,
      });
      if (!reply.book) throw new Error("book service answered without the book");
      return okEnvelope(bookSummaryView(reply.book, origin(request)));
    },
  );
  app.post<{ Body: { bookId: string } }>(
    "/api/book/delete-book",
    { schema: body(["bookId"], { bookId: bookIdField }) },
    async (request) => {
      const reply = await book.deleteBook({ userId: user(request), bookId: request.body.bookId });
      return okEnvelope({ bookId: request.body.bookId, deleted: true, slotReleased: reply.slotReleased });
    },
  );
}
