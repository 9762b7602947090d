import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import { assetAndDownloadHandlers } from "./book-content/assets-downloads.handlers.js";
import { bookcaseHandlers } from "./book-content/bookcase.handlers.js";
import { cardAndBrandHandlers } from "./book-content/cards-brands.handlers.js";
import type { BookContentDependencies } from "./book-content/content-shared.js";
import { customEntryHandlers } from "./book-content/custom-entries.handlers.js";

export type { BookContentDependencies } from "./book-content/content-shared.js";

/** The RPCs the groups answer, derived from them: a method added to a group is served without another list. */
export type BookContentMethods = keyof (ReturnType<typeof customEntryHandlers> &
  ReturnType<typeof cardAndBrandHandlers> &
  ReturnType<typeof bookcaseHandlers> &
  ReturnType<typeof assetAndDownloadHandlers>);

/**
 * The book content RPCs, each group in its own file under `book-content/`: custom entries, business cards and
 * brands, the bookcase, asset uploads and downloads.
 */
export function bookContentHandlers(
  dependencies: BookContentDependencies,
): Pick<ServiceImplementation<typeof BookService>, BookContentMethods> {
  return {
    ...customEntryHandlers(dependencies),
    ...cardAndBrandHandlers(dependencies),
    ...bookcaseHandlers(dependencies),
    ...assetAndDownloadHandlers(dependencies),
  };
}
