import type { Logger } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";

/** What every group of book handlers is given besides its own stores: the books, a logger (unset in tests), the clock. */
export interface BookHandlerDependencies {
  books: BookRepository;
  log: Logger | undefined;
  now: () => Date;
}
