import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  type BookPagesService,
  type EditBookPagesRequest,
  PageEditKind,
} from "@turnleaf/contracts/book/v1/book_pages_pb";
import type { ConversionJobRequestedSchema } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { TeamBookAction } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  catalogueCodes,
  DomainError,
  fieldProblem,
  type Logger,
  message,
  notConfigured,
  type ServiceImplementation,
} from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import type { BookRevisionRepository } from "../data/book-revision.repository.js";
import type { StoredPageEdit } from "../data/book-revision.schema.js";
import { bookStatus } from "../domain/bookcase.js";
import { conversionStarted } from "../domain/conversion-status.js";
import { type PageEdit, planPageEdit } from "../domain/page-edit.js";
import { saveConflictCode } from "./save-conflict.js";

export type ConversionJob = MessageInitShape<typeof ConversionJobRequestedSchema>;

export interface BookPagesDependencies {
  books: BookRepository;
  revisions: BookRevisionRepository;
  /** Puts a job on the conversion work queue (message id = job id); undefined without NATS. */
  requestConversion?: (job: ConversionJob) => Promise<void>;
  /**
   * Who an edit acts as (team-book-access.ts teamBookActor): a team member whose role may edit the team book acts
   * as its owner; without it only the owner's own books are reachable.
   */
  actingUser?: (userId: string, bookId: string, action: TeamBookAction) => Promise<string>;
  log?: Logger;
}

const numericId = /^[0-9]{1,20}$/;
const bookIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
const editIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** Another page edit or upload came first, or is still converting: the editor reloads the pages and tries again. */
function pagesConflict(stored: number, sent: number): DomainError {
  return new DomainError("CONFLICT", message("saveConflict"), {
    restCode: saveConflictCode,
    details: { field: "pages", revision: stored, sentRevision: sent },
  });
}

function editOf(request: EditBookPagesRequest): PageEdit {
  switch (request.kind) {
    case PageEditKind.INSERT:
      return { kind: "insert", position: request.insertPosition, count: request.insertedPages };
    case PageEditKind.DELETE:
      return { kind: "delete", pages: request.deletePages };
    case PageEditKind.MOVE:
      return { kind: "move", order: request.order };
    default:
      throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, { details: { field: "kind" } });
  }
}

function checkIds(request: EditBookPagesRequest): void {
  const problems: string[] = [];
  if (!numericId.test(request.userId)) problems.push("userId");
  if (request.teamId !== "" && !numericId.test(request.teamId)) problems.push("teamId");
  if (!bookIdPattern.test(request.bookId)) problems.push("bookId");
  if (!editIdPattern.test(request.editId)) problems.push("editId");
  if (request.kind === PageEditKind.INSERT && request.sources.length === 0) problems.push("sources");
  if (request.kind !== PageEditKind.INSERT && request.sources.length > 0) problems.push("sources");
  if (problems.length > 0) {
    throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, {
      details: { errors: problems.map((field) => fieldProblem(field, message("field.invalid", { field }))) },
    });
  }
}

/**
 * EditBookPages: a page edit becomes the book's next revision. It is judged on the newest revision: the one the
 * editor showed, finished, and nothing claimed after it (else SAVE_CONFLICT: two editors editing pages at once, one
 * wins). The claim (unique per book and revision, and per edit id) is the arbiter; the conversion work queue then
 * copies the kept pages and renders the inserted ones, and BookReady moves the TOC, bookmarks and media items.
 */
export function bookPagesHandlers(deps: BookPagesDependencies): ServiceImplementation<typeof BookPagesService> {
  const { books, revisions } = deps;

  const jobOf = (request: EditBookPagesRequest, revision: number, edit: StoredPageEdit): ConversionJob => ({
    jobId: request.editId,
    bookId: request.bookId,
    sources: request.sources,
    options: request.options,
    revision,
    trial: request.trial,
    pageEdit: { baseRevision: edit.baseRevision, pages: edit.layout },
  });

  const start = async (request: EditBookPagesRequest, revision: number, edit: StoredPageEdit) => {
    await books.updateConversion(request.bookId, (book) => conversionStarted(book, revision));
    if (!deps.requestConversion) throw notConfigured("conversion queue");
    await deps.requestConversion(jobOf(request, revision, edit));
    deps.log?.info({ bookId: request.bookId, revision, editId: request.editId }, "page edit started");
    return { bookId: request.bookId, revision, jobId: request.editId, pageCount: edit.layout.length };
  };

  return {
    async editBookPages(request) {
      checkIds(request);
      const teamId = request.teamId || "0";
      // A team member edits a team book as its owner when the role may (else POWER_LIMIT); in a team's context only
      // that team's books are reachable; a stranger's edit finds no book.
      const actingUser = deps.actingUser
        ? await deps.actingUser(request.userId, request.bookId, TeamBookAction.EDIT)
        : request.userId;
      const book = await books.findById(request.bookId);
      if (!book || book.ownerId !== actingUser || (teamId !== "0" && book.teamId !== teamId)) {
        throw new DomainError("NOT_FOUND", message("bookNotFound"), { details: { bookId: request.bookId } });
      }
      const earlier = await revisions.findByUploadTask(request.editId);
      if (earlier) {
        if (earlier.bookId !== request.bookId || !earlier.pageEdit) throw pagesConflict(earlier.revision, 0);
        return start(request, earlier.revision, earlier.pageEdit);
      }
      // Judged on the revision readers see (a later one that failed left it so); one converting blocks edits.
      const latest = await revisions.latestRevision(request.bookId);
      const ready = book.readyRevision ?? 0;
      if (request.baseRevision !== ready || book.bStatus === bookStatus.processing) {
        throw pagesConflict(ready, request.baseRevision);
      }
      const plan = planPageEdit(book.pageCount ?? 0, editOf(request));
      const pageEdit: StoredPageEdit = {
        // The pages are the ready revision's: a later claim is a failed revision or another edit claiming at once.
        baseRevision: ready,
        basePageCount: book.pageCount ?? 0,
        layout: plan.layout.map((entry) => ({ basePage: entry.basePage, insertedPage: entry.insertedPage })),
      };
      const claim = {
        uploadTaskId: request.editId,
        bookId: book.bookId,
        number: book.number,
        revision: latest + 1,
        pageEdit,
      };
      if (!(await revisions.tryClaim(claim))) {
        const winner = await revisions.findByUploadTask(request.editId);
        if (winner?.pageEdit && winner.bookId === request.bookId)
          return start(request, winner.revision, winner.pageEdit);
        throw pagesConflict(latest + 1, request.baseRevision);
      }
      // The arbiter: the book leaves the state the edit was judged on in one compare-and-set. Another edit that read
      // the book before this one's claim and claimed the revision after it finds the book converting here.
      const started = await books.updateConversion(request.bookId, (facts) =>
        facts.bStatus === bookStatus.processing || (facts.readyRevision ?? 0) !== ready
          ? null
          : conversionStarted(facts, claim.revision),
      );
      if (started !== "applied") {
        await revisions.removeClaim(request.bookId, claim.revision, request.editId);
        throw pagesConflict(ready, request.baseRevision);
      }
      return start(request, claim.revision, pageEdit);
    },
  };
}
