import { PageEditKind } from "@turnleaf/contracts/book/v1/book_pages_pb";
import { FolderType } from "@turnleaf/contracts/power/v1/power_service_pb";
import { LargeImageChoice, UploadChannel } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { catalogueCodes, DomainError, fieldProblem, internalFault, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BookAssets } from "../book-assets.js";
import { chooseRevision } from "../domain/reader-book.view.js";
import type { Peers } from "../peers.js";
import { type Actor, actorOf } from "../plugins/actor.js";
import { assertFeaturesGranted, nonProductHost } from "../policies/features.js";
import { bookAuthorIn } from "../policies/team-context.js";
import { ownBookRevision, sendOwnerImage } from "./owner-image.js";
import { bookIdField, revisionField, teamIdField } from "./schemas.js";
import { uploadTaskView } from "./upload.routes.js";

// Free text on purpose: a bad position or page list answers the coded message that names the range, not a schema error.
const looseNumber = { type: "string", maxLength: 12 } as const;
const pageList = { type: "string", maxLength: 10_000 } as const;
const processing = 2;

const form = (properties: Record<string, unknown>, required: string[]) =>
  ({ body: { type: "object", required, properties } }) as const;

interface PagesState {
  bookId: string;
  number: string;
  /** The newest finished revision (what readers and the editor see); 0 before the first one. */
  revision: number;
  pageCount: number;
  /** A conversion (an upload or a page edit) is running: page edits wait for it. */
  converting: boolean;
  pages: { n: number; width: number; height: number; thumb: string }[];
}

/** Whole numbers separated by commas, with `a-b` ranges where allowed; undefined when malformed. */
function numbers(text: string, ranges: boolean): number[] | undefined {
  const found: number[] = [];
  for (const part of text.split(",").map((piece) => piece.trim())) {
    const match = (ranges ? /^(\d{1,4})(?:-(\d{1,4}))?$/ : /^(\d{1,4})()$/).exec(part);
    if (!match) return undefined;
    const first = Number(match[1]);
    const last = match[2] ? Number(match[2]) : first;
    if (last < first || found.length + last - first >= 1000) return undefined;
    for (let page = first; page <= last; page++) found.push(page);
  }
  return found;
}

/**
 * Pages of a book (spec 001 'add-new-page dialog with an insert position'; delete and reorder): get-pages answers
 * the pages the editor shows, insert-pages begins an upload whose completion (end-upload) inserts the file's pages,
 * delete-pages and move-pages start their edit at once. Each edit is a new revision (SAVE_CONFLICT when the book
 * changed since `revision`); see services/gateway/rest/pages.md.
 */
export function registerPagesRoutes(app: FastifyInstance, peers: Peers, assets?: BookAssets): void {
  const pagesOf = async (userId: string, bookId: string): Promise<PagesState> => {
    const { book } = await peers.book.getBook({ userId, bookId, baseUrl: "" });
    if (!book) throw new DomainError("NOT_FOUND", message("bookNotFound"));
    const manifests = assets
      ? await Promise.all(
          book.revisions.map(async (revision) => ({
            revision,
            manifest: await assets.manifest(book.bookId, revision, { fresh: true }),
          })),
        )
      : [];
    const ready = chooseRevision(manifests.filter((entry) => entry.manifest?.state === "ready"));
    const revision = ready?.revision ?? 0;
    return {
      bookId: book.bookId,
      number: book.number,
      revision,
      pageCount: ready?.manifest.pageCount ?? 0,
      converting: book.bStatus === processing,
      pages: (ready?.manifest.pages ?? []).map((page) => ({
        n: page.n,
        width: page.width,
        height: page.height,
        // The owner's picture route, not the reader's: a private, disabled or password book shows its pages here too.
        thumb: page.thumb
          ? `/api/book/page-thumb?${new URLSearchParams({ bookId: book.bookId, revision: String(revision), page: String(page.n) })}`
          : "",
      })),
    };
  };

  /** The edit is judged on what the editor showed: another revision since, or one converting, is a conflict. */
  const assertCurrent = (state: PagesState, sent: number) => {
    if (state.revision !== sent || state.converting) {
      throw new DomainError("CONFLICT", message("saveConflict"), {
        restCode: "SAVE_CONFLICT",
        details: { field: "pages", revision: state.revision, sentRevision: sent },
      });
    }
  };

  /**
   * May the actor change this book's pages? In a team (the editor's teamId) the member acts as type 13 and the role's
   * book-settings power is asked (selfKey for their own book, a team owner's included; otherKey for another member's),
   * as settings saves do. A page edit is a new revision of the book's content, as an upload is: it needs the upload
   * power of spec 000 §6 (free plans cannot; the team's plan in a team). Refusals save nothing.
   */
  const assertMayEditPages = async (request: FastifyRequest, actor: Actor, bookId: string, teamId?: string) => {
    await assertFeaturesGranted(request, peers, actor, [], teamId, await bookAuthorIn(peers, actor, bookId, teamId));
    await peers.power.checkUpload({
      asker: {
        userId: actor.userId,
        teamId: teamId || "0",
        folderType: FolderType.BOOK,
        nonProductHost: nonProductHost(request),
      },
      existingBook: true,
    });
  };

  const edited = (answer: { bookId: string; revision: number; jobId: string; pageCount: number }) =>
    okEnvelope({ bookId: answer.bookId, revision: answer.revision, jobId: answer.jobId, pageCount: answer.pageCount });

  app.post<{ Body: { bookId: string; teamId?: string } }>(
    "/api/book/get-pages",
    { schema: form({ bookId: bookIdField, teamId: teamIdField }, ["bookId"]) },
    async (request) => {
      const actor = actorOf(request);
      return okEnvelope(await pagesOf(actor.userId, request.body.bookId));
    },
  );

  app.post<{ Body: { bookId: string; revision: string; position: string; files: string; teamId?: string } }>(
    "/api/book/insert-pages",
    {
      schema: form(
        {
          bookId: bookIdField,
          teamId: teamIdField,
          revision: revisionField,
          position: looseNumber,
          files: { type: "string", maxLength: 100_000 },
          largeImages: { type: "string", enum: ["", "skip", "continue"] },
          password: { type: "string", maxLength: 1000 },
        },
        ["bookId", "revision", "position", "files"],
      ),
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as typeof request.body & { largeImages?: string; password?: string };
      const state = await pagesOf(actor.userId, body.bookId);
      await assertMayEditPages(request, actor, body.bookId, body.teamId);
      const position = /^\d{1,6}$/.test(body.position.trim()) ? Number(body.position) : Number.NaN;
      if (!(position >= 1 && position <= state.pageCount + 1)) {
        throw new DomainError("INVALID_ARGUMENT", message("pages.badPosition", { last: state.pageCount + 1 }), {
          details: { field: "position" },
        });
      }
      assertCurrent(state, Number(body.revision));
      let declared: { name?: unknown; size?: unknown; type?: unknown }[];
      try {
        declared = JSON.parse(body.files) as typeof declared;
      } catch {
        declared = [];
      }
      if (!Array.isArray(declared) || declared.length === 0) {
        throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, {
          details: { errors: [fieldProblem("files", message("field.jsonList", { field: "files" }))] },
        });
      }
      const { task } = await peers.upload.beginUpload({
        userId: actor.userId,
        teamId: body.teamId || "0",
        folderId: "0",
        channel: UploadChannel.WEB,
        title: "",
        bookId: body.bookId,
        files: declared.map((file) => ({
          name: typeof file?.name === "string" ? file.name : "",
          sizeBytes: BigInt(Number.isSafeInteger(Number(file?.size)) ? Number(file?.size) : 0),
          contentType: typeof file?.type === "string" ? file.type : "",
          sha256: "",
        })),
        largeImages:
          body.largeImages === "skip"
            ? LargeImageChoice.SKIP
            : body.largeImages === "continue"
              ? LargeImageChoice.CONTINUE
              : LargeImageChoice.UNSPECIFIED,
        password: body.password ?? "",
        nonProductHost: nonProductHost(request),
        insertPosition: position,
        baseRevision: state.revision,
      });
      if (!task) throw internalFault("upload service answered without a task");
      return okEnvelope(uploadTaskView(task));
    },
  );

  /** A delete or a move of the revision readers see, as one edit of the book service (a new revision). */
  const submitEdit = async (
    userId: string,
    body: { bookId: string; teamId?: string },
    baseRevision: number,
    edit: { kind: PageEditKind.DELETE; deletePages: number[] } | { kind: PageEditKind.MOVE; order: number[] },
  ) =>
    edited(
      await peers.bookPages.editBookPages({
        userId,
        teamId: body.teamId || "0",
        bookId: body.bookId,
        baseRevision,
        editId: crypto.randomUUID().replaceAll("-", ""),
        ...edit,
      }),
    );

  app.post<{ Body: { bookId: string; revision: string; pages: string; teamId?: string } }>(
    "/api/book/delete-pages",
    {
      schema: form({ bookId: bookIdField, teamId: teamIdField, revision: revisionField, pages: pageList }, [
        "bookId",
        "revision",
        "pages",
      ]),
    },
    async (request) => {
      const actor = actorOf(request);
      const state = await pagesOf(actor.userId, request.body.bookId);
      await assertMayEditPages(request, actor, request.body.bookId, request.body.teamId);
      const pages = numbers(request.body.pages, true);
      if (!pages || pages.length === 0) {
        throw new DomainError("INVALID_ARGUMENT", message("pages.badPages", { last: state.pageCount }), {
          details: { field: "pages" },
        });
      }
      assertCurrent(state, Number(request.body.revision));
      return submitEdit(actor.userId, request.body, state.revision, { kind: PageEditKind.DELETE, deletePages: pages });
    },
  );

  app.post<{ Body: { bookId: string; revision: string; order: string; teamId?: string } }>(
    "/api/book/move-pages",
    {
      schema: form({ bookId: bookIdField, teamId: teamIdField, revision: revisionField, order: pageList }, [
        "bookId",
        "revision",
        "order",
      ]),
    },
    async (request) => {
      const actor = actorOf(request);
      const state = await pagesOf(actor.userId, request.body.bookId);
      await assertMayEditPages(request, actor, request.body.bookId, request.body.teamId);
      const order = numbers(request.body.order, false);
      if (!order) {
        throw new DomainError("INVALID_ARGUMENT", message("pages.badOrder", { last: state.pageCount }), {
          details: { field: "order" },
        });
      }
      assertCurrent(state, Number(request.body.revision));
      return submitEdit(actor.userId, request.body, state.revision, { kind: PageEditKind.MOVE, order });
    },
  );

  // A page's thumbnail for the pages panel: to whoever may see the book (owner, team role), whatever its privacy.
  app.get<{ Querystring: { bookId: string; revision: string; page: string } }>(
    "/api/book/page-thumb",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["bookId", "revision", "page"],
          properties: {
            bookId: bookIdField,
            revision: { type: "string", pattern: "^[0-9]{1,6}$" },
            page: { type: "string", pattern: "^[0-9]{1,4}$" },
          },
        },
      },
    },
    async (request, reply) =>
      sendOwnerImage(reply, assets, async () => {
        const { bookId, revision } = request.query;
        const own = await ownBookRevision(peers, actorOf(request).userId, bookId, revision);
        // A page its manifest lists with a thumbnail.
        const manifest = own && (await assets?.manifest(own.bookId, own.revision));
        const thumb = manifest?.pages.find((page) => page.n === Number(request.query.page))?.thumb;
        return own && thumb ? { ...own, key: thumb } : undefined;
      }),
  );
}
