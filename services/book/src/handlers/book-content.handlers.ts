import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import { assetAndDownloadHandlers } from "./book-content/assets-downloads.handlers.js";
import { bookcaseHandlers } from "./book-content/bookcase.handlers.js";
import { cardAndBrandHandlers } from "./book-content/cards-brands.handlers.js";
import type { BookContentDependencies } from "./book-content/content-shared.js";
import { customEntryHandlers } from "./book-content/custom-entries.handlers.js";

export type { BookContentDependencies } from "./book-content/content-shared.js";

export type BookContentMethods =
  | "getBookCustom"
  | "saveBookCustom"
  | "deleteBookCustom"
  | "listBusinessCards"
  | "addBusinessCard"
  | "updateBusinessCard"
  | "deleteBusinessCard"
  | "getBookBusinessCard"
  | "setBookBusinessCard"
  | "listBrands"
  | "createBrand"
  | "setBookShareIcon"
  | "getBookLock"
  | "setBookTextStatus"
  | "listBooks"
  | "setBookStatus"
  | "deleteBook"
  | "addUploadLog"
  | "prepareAssetUpload"
  | "commitAssetUpload"
  | "getAsset"
  | "getBookPdf";

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
