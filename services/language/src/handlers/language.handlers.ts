import type {
  BookLanguageService,
  InterfaceLabelService,
  LanguageService,
} from "@turnleaf/contracts/language/v1/language_service_pb";
import { DomainError, message, type ServiceImplementation, updateAlone } from "@turnleaf/kit";
import type { BookLanguageRepository } from "../data/book-language.repository.js";
import {
  defaultBookLanguages,
  deleteBookLanguage,
  normaliseBookLanguages,
  storedBookLanguages,
} from "../domain/book-languages.js";
import { interfaceLanguages } from "../domain/interface-languages.js";
import { type LabelCatalogues, type LabelScope, labelsFor } from "../domain/labels.js";

export interface LanguageHandlerDependencies {
  bookLanguages: BookLanguageRepository;
  /** The label catalogues per scope (reader, editor), each per interface language. */
  catalogues: Map<LabelScope, LabelCatalogues>;
  now: () => Date;
}

/** Book ids as the book service makes them; anything else never reaches the store. */
function checkedBookId(bookId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(bookId)) {
    throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "bookId" }), {
      details: { field: "bookId" },
    });
  }
  return bookId;
}

export function languageHandlers(): ServiceImplementation<typeof LanguageService> {
  return {
    async listInterfaceLanguages() {
      return { languages: interfaceLanguages };
    },
  };
}

/** Compare-and-set attempts of a deletion against concurrent changes of the same book's languages. */
const deleteAttempts = 100;

export function bookLanguageHandlers({
  bookLanguages,
  now,
}: Pick<LanguageHandlerDependencies, "bookLanguages" | "now">): ServiceImplementation<typeof BookLanguageService> {
  return {
    async getBookLanguages(request) {
      const stored = await bookLanguages.findRevision(checkedBookId(request.bookId));
      return { languages: storedBookLanguages(stored.languages), revision: stored.revision };
    },

    async saveBookLanguages(request) {
      const bookId = checkedBookId(request.bookId);
      const languages = normaliseBookLanguages(
        request.languages.map((language) => ({
          code: language.code,
          name: language.name,
          checked: language.checked,
        })),
      );
      if (request.revision === undefined) {
        return { languages, revision: await bookLanguages.replace(bookId, languages, request.userId, now()) };
      }
      // A save of the list the editor edited at `revision`: over a list changed since, nothing is saved.
      if (await bookLanguages.replaceAt(bookId, languages, request.userId, now(), request.revision)) {
        return { languages, revision: request.revision + 1 };
      }
      const stored = await bookLanguages.findRevision(bookId);
      throw new DomainError("CONFLICT", message("saveConflict"), {
        restCode: "SAVE_CONFLICT",
        details: { field: "languages", revision: stored.revision, sentRevision: request.revision },
      });
    },

    async deleteBookLanguage(request) {
      const bookId = checkedBookId(request.bookId);
      // A compare-and-set on the list read: a concurrent save or deletion is never overwritten by a stale list.
      // Within this process the deletions of one book take turns; the compare-and-set guards several replicas.
      return updateAlone(`book-languages-delete:${bookId}`, async () => {
        for (let attempt = 0; attempt < deleteAttempts; attempt++) {
          const stored = await bookLanguages.findRevision(bookId);
          const languages = deleteBookLanguage(storedBookLanguages(stored.languages), request.code);
          if (await bookLanguages.replaceAt(bookId, languages, request.userId, now(), stored.revision)) {
            return { languages };
          }
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt)));
        }
        throw new DomainError("CONFLICT", message("busyRetry"));
      });
    },

    async resetBookLanguages(request) {
      await bookLanguages.remove(checkedBookId(request.bookId));
      return { languages: defaultBookLanguages() };
    },
  };
}

export function interfaceLabelHandlers(
  catalogues: Map<LabelScope, LabelCatalogues>,
): ServiceImplementation<typeof InterfaceLabelService> {
  return {
    async getInterfaceLabels(request) {
      return labelsFor(catalogues, request.language, request.scope);
    },
  };
}
