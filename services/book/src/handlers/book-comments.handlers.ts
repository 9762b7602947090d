import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  DomainError,
  type MongoRateLimits,
  mongoRateLimits,
  type ServiceImplementation,
  type TypedClient,
} from "@turnleaf/kit";
import type { BookDocument } from "../data/book.schema.js";
import { type BookCommentDocument, type BookCommentRepository, newCommentId } from "../data/book-comment.repository.js";
import {
  commentFields,
  commentLimits,
  commentTexts,
  leaveMessageOn,
  pageOf,
  posterKey,
  tooManyPosts,
} from "../domain/book-comments.js";
import type { BookHandlerDependencies } from "./handler-dependencies.js";
import { findOwnBook, findPublishedBook } from "./own-book.js";
import { ownerFeatures } from "./owner-features.js";

export interface BookCommentDependencies extends BookHandlerDependencies {
  /** The owner's power now: without READER_MESSAGE (spec 000 §6) the book takes no messages. Unset: not asked. */
  power?: TypedClient<typeof PowerService>;
  comments: BookCommentRepository;
  /** The service's rate limits (posts per address); defaults to limits on the books' connection. */
  rateLimits?: MongoRateLimits;
}

export type BookCommentMethods =
  | "postBookComment"
  | "listPublishedBookComments"
  | "listBookComments"
  | "deleteBookComment";

const commentIdPattern = /^[0-9a-f]{24}$/;

const view = (comment: BookCommentDocument) => ({
  commentId: comment.commentId,
  name: comment.name,
  message: comment.message,
  createdAt: new Date(comment.createdAt).toISOString(),
});

/** Readers post and list by the public link under the reader's rules (unpublished and private books: not found). */
export function bookCommentHandlers(
  deps: BookCommentDependencies,
): Pick<ServiceImplementation<typeof BookService>, BookCommentMethods> {
  const { books, comments } = deps;
  // Each post restarts the poster's window: no window ever holds more than the allowance.
  const posts = (deps.rateLimits ?? mongoRateLimits(books.connection))(
    "reader_messages",
    { points: commentLimits.perWindow, durationSeconds: commentLimits.windowMs / 1000, slide: true },
    deps.now,
  );
  const ready = posts.ready();
  ready.catch(() => undefined);

  const publishedWithPlugins = async (link: string): Promise<BookDocument> =>
    books.withSettings(await findPublishedBook(books, link));

  /** Messages are on when the book has the plugin and its owner has the feature now (a downgrade turns them off). */
  const takesMessages = async (book: BookDocument): Promise<boolean> => {
    if (!leaveMessageOn(book.pluginsJson)) return false;
    if (!deps.power) return true;
    try {
      return (await ownerFeatures(deps.power, book)).has("READER_MESSAGE");
    } catch (error) {
      deps.log?.warn({ err: error, bookId: book.bookId }, "owner's power unavailable: messages follow the plugin");
      return true;
    }
  };

  return {
    async postBookComment(request) {
      const book = await publishedWithPlugins(request.link);
      if (!(await takesMessages(book))) {
        throw new DomainError("FAILED_PRECONDITION", commentTexts.pluginOff, {
          details: { plugin: "BookLeaveMessage" },
        });
      }
      const fields = commentFields({ name: request.name, message: request.message });
      const now = deps.now();
      const key = posterKey(book.bookId, request.client);
      await ready;
      if (!(await posts.take(key)).allowed) throw tooManyPosts();
      const comment: BookCommentDocument = {
        commentId: newCommentId(),
        bookId: book.bookId,
        ...fields,
        posterKey: key,
        createdAt: now,
      };
      await comments.add(comment);
      deps.log?.info({ bookId: book.bookId, commentId: comment.commentId }, "reader message posted");
      return { comment: view(comment) };
    },

    async listPublishedBookComments(request) {
      const book = await publishedWithPlugins(request.link);
      if (!(await takesMessages(book))) {
        return { comments: [], total: 0, pageSize: commentLimits.pageSize, enabled: false };
      }
      const found = await comments.page(book.bookId, pageOf(request.page), commentLimits.pageSize);
      return {
        comments: found.comments.map(view),
        total: found.total,
        pageSize: commentLimits.pageSize,
        enabled: true,
      };
    },

    async listBookComments(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const found = await comments.page(book.bookId, pageOf(request.page), commentLimits.pageSize);
      return { comments: found.comments.map(view), total: found.total, pageSize: commentLimits.pageSize };
    },

    async deleteBookComment(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const removed =
        commentIdPattern.test(request.commentId) && (await comments.remove(book.bookId, request.commentId));
      if (!removed) {
        throw new DomainError("NOT_FOUND", commentTexts.notFound, { details: { commentId: request.commentId } });
      }
      return { deleted: true };
    },
  };
}
