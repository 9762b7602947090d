import { CustomKind } from "@turnleaf/contracts/book/v1/book_content_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, enumNames, message, type ServiceImplementation } from "@turnleaf/kit";
import type { CustomEntryDocument } from "../../data/book-content.schema.js";
import { type CustomKindName, contentLimits, customJson, customKey } from "../../domain/book-content.js";
import { findOwnBook } from "../own-book.js";
import { actingUser, type BookContentDependencies, iso } from "./content-shared.js";

const customKinds = enumNames<CustomKindName, CustomKind>({
  config: CustomKind.CONFIG,
  content: CustomKind.CONTENT,
  theme: CustomKind.THEME,
});

function entryView(entry: CustomEntryDocument) {
  return { kind: customKinds.values[entry.kind], key: entry.key, json: entry.json, updatedAt: iso(entry.updatedAt) };
}

/** Custom entries: a book's configuration and content blocks, and the user's saved themes. */
export function customEntryHandlers({
  books,
  content,
}: BookContentDependencies): Pick<
  ServiceImplementation<typeof BookService>,
  "getBookCustom" | "saveBookCustom" | "deleteBookCustom"
> {
  const ownBook = (userId: string, bookId: string) => findOwnBook(books, actingUser(userId), bookId);

  /** The scope of a custom entry: the user's own book, or (themes) the user alone. */
  const customScope = async (userId: string, bookId: string, kind: CustomKind) => {
    const name = customKinds.nameOf(kind);
    if (!name) {
      throw new DomainError(
        "INVALID_ARGUMENT",
        message("field.oneOf", { field: "kind", allowed: "config, content, theme" }),
        {
          details: { field: "kind" },
        },
      );
    }
    const ownerId = actingUser(userId);
    if (name === "theme") return { ownerId, bookId: "", kind: name };
    const book = await ownBook(ownerId, bookId);
    return { ownerId, bookId: book.bookId, kind: name };
  };

  return {
    async getBookCustom(request) {
      const scope = await customScope(request.userId, request.bookId, request.kind);
      const key = customKey(scope.kind, request.key, { forRead: true });
      const entries = await content.customEntries(scope.ownerId, scope.bookId, scope.kind, key);
      return { entries: entries.map(entryView) };
    },

    async saveBookCustom(request) {
      const scope = await customScope(request.userId, request.bookId, request.kind);
      const key = customKey(scope.kind, request.key, { forRead: false });
      const json = customJson(request.json, "content", scope.kind);
      const existing = await content.customEntries(scope.ownerId, scope.bookId, scope.kind, key);
      const limit = scope.kind === "theme" ? contentLimits.themesPerUser : contentLimits.customEntriesPerBook;
      if (existing.length === 0 && (await content.countCustom(scope.ownerId, scope.bookId, scope.kind)) >= limit) {
        throw new DomainError("FAILED_PRECONDITION", message("contentLimit", { max: limit }), { details: { limit } });
      }
      const saved = await content.saveCustom({ ...scope, key, json });
      return { entry: entryView(saved) };
    },

    async deleteBookCustom(request) {
      const scope = await customScope(request.userId, request.bookId, request.kind);
      const key = customKey(scope.kind, request.key, { forRead: false });
      return { deleted: await content.deleteCustom(scope.ownerId, scope.bookId, scope.kind, key) };
    },
  };
}
