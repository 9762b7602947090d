import type { BookDocument } from "../data/book.schema.js";
import type { BusinessCardDocument } from "../data/book-content.schema.js";

/** One of the owner's business cards, looked up when a book is served to readers. */
export type CardOf = (ownerId: string, cardId: string) => Promise<BusinessCardDocument | null>;

/** The htmlConfig key readers find the book's business card under (its style is `businessCardStyle`). */
export const servedCardKey = "businessCard";

/**
 * The business card a book shows (update-Book-Business-Card: a card and its visibility) goes to readers inside the
 * served htmlConfig, as the owner's card is now (an edited card shows without the book being saved). A hidden,
 * deleted or foreign card is not served, nor any value an owner stored under the key themselves.
 */
export async function withServedCard(
  htmlConfig: Record<string, unknown>,
  book: Pick<BookDocument, "ownerId" | "businessCardId" | "businessCardVisible">,
  cardOf: CardOf | undefined,
): Promise<Record<string, unknown>> {
  const { [servedCardKey]: _stored, ...served } = htmlConfig;
  if (!cardOf || !book.businessCardId || !book.businessCardVisible) return served;
  const card = await cardOf(book.ownerId, book.businessCardId);
  if (!card) return served;
  return {
    ...served,
    [servedCardKey]: {
      name: card.name ?? "",
      title: card.title ?? "",
      company: card.company ?? "",
      phone: card.phone ?? "",
      email: card.email ?? "",
      website: card.website ?? "",
      address: card.address ?? "",
      avatar: card.avatar ?? "",
      desc: card.description ?? "",
    },
  };
}
