import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, message, type ServiceImplementation } from "@turnleaf/kit";
import { businessCardTexts } from "@turnleaf/resource-files";
import type { BusinessCardDocument } from "../../data/book-content.schema.js";
import {
  type BrandFields,
  brandKind,
  contentIdPattern,
  contentLimits,
  newContentId,
  normaliseBrand,
  normaliseCard,
  safeUrl,
} from "../../domain/book-content.js";
import { findOwnBook } from "../own-book.js";
import { actingUser, type BookContentDependencies } from "./content-shared.js";

function cardView(card: BusinessCardDocument) {
  return { cardId: card.cardId, ...businessCardTexts((field) => card[field]) };
}

function cardFields(card: { [key: string]: unknown } | undefined) {
  return normaliseCard(businessCardTexts((field) => card?.[field]));
}

/** A brand's fields as stored or sent, every absent one "". */
function brandFields(brand: Partial<BrandFields> | undefined): BrandFields {
  return {
    kind: brand?.kind ?? "",
    title: brand?.title ?? "",
    logo: brand?.logo ?? "",
    link: brand?.link ?? "",
    description: brand?.description ?? "",
  };
}

function cardId(value: string): string {
  if (!contentIdPattern.test(value)) throw new DomainError("NOT_FOUND", message("cardNotFound"));
  return value;
}

/** Business cards (the user's, and the one a book shows), brands and a book's share icon. */
export function cardAndBrandHandlers({
  books,
  content,
}: BookContentDependencies): Pick<
  ServiceImplementation<typeof BookService>,
  | "listBusinessCards"
  | "addBusinessCard"
  | "updateBusinessCard"
  | "deleteBusinessCard"
  | "getBookBusinessCard"
  | "setBookBusinessCard"
  | "listBrands"
  | "createBrand"
  | "setBookShareIcon"
> {
  const ownBook = (userId: string, bookId: string) => findOwnBook(books, actingUser(userId), bookId);

  return {
    async listBusinessCards(request) {
      const cards = await content.cards(actingUser(request.userId));
      return { cards: cards.map(cardView) };
    },

    async addBusinessCard(request) {
      const ownerId = actingUser(request.userId);
      const fields = cardFields(request.card);
      if ((await content.countCards(ownerId)) >= contentLimits.cardsPerUser) {
        throw new DomainError("FAILED_PRECONDITION", message("cardLimit", { max: contentLimits.cardsPerUser }));
      }
      const card = { cardId: newContentId(), ownerId, ...fields };
      await content.addCard(card);
      return { card: cardView(card) };
    },

    async updateBusinessCard(request) {
      const ownerId = actingUser(request.userId);
      const id = cardId(request.card?.cardId ?? "");
      const card = { cardId: id, ownerId, ...cardFields(request.card) };
      if (!(await content.updateCard(card))) throw new DomainError("NOT_FOUND", message("cardNotFound"));
      return { card: cardView(card) };
    },

    async deleteBusinessCard(request) {
      const ownerId = actingUser(request.userId);
      const deleted = await content.deleteCard(ownerId, cardId(request.cardId));
      if (!deleted) throw new DomainError("NOT_FOUND", message("cardNotFound"));
      return { deleted };
    },

    async getBookBusinessCard(request) {
      const book = await ownBook(request.userId, request.bookId);
      const card = book.businessCardId ? await content.card(book.ownerId, book.businessCardId) : null;
      return { card: card ? cardView(card) : undefined, visible: Boolean(card && book.businessCardVisible) };
    },

    async setBookBusinessCard(request) {
      const book = await ownBook(request.userId, request.bookId);
      const card = request.cardId === "" ? null : await content.card(book.ownerId, cardId(request.cardId));
      if (request.cardId !== "" && !card) throw new DomainError("NOT_FOUND", message("cardNotFound"));
      await books.setFields(book.bookId, { businessCardId: card?.cardId ?? "", businessCardVisible: request.visible });
      return { card: card ? cardView(card) : undefined, visible: Boolean(card && request.visible) };
    },

    async listBrands(request) {
      const ownerId = actingUser(request.userId);
      const kind = brandKind(request.kind, { optional: true });
      const brands = await content.brands(ownerId, kind);
      return { brands: brands.map((brand) => ({ brandId: brand.brandId, ...brandFields(brand) })) };
    },

    async createBrand(request) {
      const ownerId = actingUser(request.userId);
      const fields = normaliseBrand(brandFields(request.brand));
      if ((await content.countBrands(ownerId)) >= contentLimits.brandsPerUser) {
        throw new DomainError("FAILED_PRECONDITION", message("brandLimit", { max: contentLimits.brandsPerUser }), {
          details: { limit: contentLimits.brandsPerUser },
        });
      }
      const brand = { brandId: newContentId(), ownerId, ...fields };
      await content.addBrand(brand);
      const { ownerId: _owner, ...view } = brand;
      return { brand: view };
    },

    async setBookShareIcon(request) {
      const book = await ownBook(request.userId, request.bookId);
      const icon = safeUrl(request.icon, "icon");
      await books.setFields(book.bookId, { shareIcon: icon });
      return { icon };
    },
  };
}
