import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  BookAccess,
  type BookPrivacySchema,
  type BookService,
  PasswordMode as PasswordModeMessage,
} from "@turnleaf/contracts/book/v1/book_service_pb";
import type { PowerService, TeamMember } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  DomainError,
  enumNames,
  internalFault,
  type Logger,
  type MongoRateLimits,
  message,
  mongoRateLimits,
  type ServiceImplementation,
  type TypedClient,
  updateAlone,
} from "@turnleaf/kit";
import { type BookRepository, settingsRevisionOf, withSettingsTexts } from "../data/book.repository.js";
import type { BookDocument } from "../data/book.schema.js";
import type { BookRevisionRepository } from "../data/book-revision.repository.js";
import type { BookRevisionDocument } from "../data/book-revision.schema.js";
import type { FileStore } from "../data/file-store.js";
import type { PageAudioRepository } from "../data/page-audio.repository.js";
import { newBookmark, validateBookmarks } from "../domain/book-bookmarks.js";
import { validateCatalog } from "../domain/book-catalog.js";
import { bookInfo, bookInfoFields, settingsToStore, storedSettings } from "../domain/book-info.js";
import {
  type Access,
  applyPrivacyChange,
  changedPrivacy,
  type PasswordMode,
  passVersions,
  privacyView,
  publicPrivacy,
} from "../domain/book-privacy.js";
import { applyBookUpdate } from "../domain/book-settings.js";
import { conversionStarted } from "../domain/conversion-status.js";
import { checkPictureSettings, type MeasurePicture } from "../domain/logo-settings.js";
import { buildReadyConfig, mayOpenBook, normaliseReadyConfigQuery } from "../domain/ready-config.js";
import { defaultUnlockLimits, type UnlockLimitSettings } from "../domain/unlock-limits.js";
import {
  mayReviseBook,
  newBookIdentity,
  newUploadedBook,
  normaliseUploadBookRequest,
  type UploadBookRequest,
} from "../domain/upload-book.js";
import type { BookCommentMethods } from "./book-comments.handlers.js";
import type { BookContentMethods } from "./book-content.handlers.js";
import type { MediaMethods } from "./media.handlers.js";
import { findOwnBook, findPublishedBook } from "./own-book.js";
import { servedSettings } from "./owner-features.js";
import type { PageAudioMethods } from "./page-audio.handlers.js";
import { dropSpeechFiles } from "./page-audio-files.js";
import { pageModeNeedsClear } from "./page-audio-mode.js";
import { mergeAttempts, mergePause, saveConflict } from "./save-conflict.js";
import type { BrandsOf } from "./served-brands.js";
import type { CardOf } from "./served-card.js";
import { unlockGate } from "./unlock-gate.js";

export interface BookHandlerDependencies {
  books: BookRepository;
  revisions: BookRevisionRepository;
  power: TypedClient<typeof PowerService>;
  /** The service's rate limits (failed unlock attempts); defaults to limits on the books' connection. */
  rateLimits?: MongoRateLimits;
  unlockLimits?: UnlockLimitSettings;
  /** Measures a picture setting's value (a stored asset, a URL on another site; null: nothing readable there). */
  measurePicture?: MeasurePicture;
  now?: () => Date;
  log?: Pick<Logger, "warn">;
  /** The owner's brands, for the brands a book applies (readers get the brand itself). */
  brandsOf?: BrandsOf;
  /** The owner's business card a book shows (readers get the card itself). */
  cardOf?: CardOf;
  /** Page audio, which a changed page display mode clears (spec 001 §4). */
  pageAudio?: PageAudioRepository;
  /** Where generated page speech is kept: a cleared page's speech file goes with it. */
  files?: Pick<FileStore, "removeAsset">;
}

/** The proto fields of the settings served to readers (the withheld features are for logs and tests). */
const servedFields = ({ withheldFeatures: _withheld, ...fields }: Awaited<ReturnType<typeof servedSettings>>) => fields;

/** Attempts at the next free revision when concurrent uploads of the same book race for it. */
const revisionAttempts = 8;

const accessKinds = enumNames<Access, BookAccess>({
  public: BookAccess.PUBLIC,
  password: BookAccess.PASSWORD,
  private: BookAccess.PRIVATE,
});
const modeMessages: Record<PasswordMode, PasswordModeMessage> = {
  single: PasswordModeMessage.SINGLE,
  users: PasswordModeMessage.USERS,
};

/** The revisions of the lists a client may replace whole (absent: 0). */
const listRevisions = (book: BookDocument) => ({
  catalogRevision: book.catalogRevision ?? 0,
  bookmarksRevision: book.bookmarksRevision ?? 0,
});

function privacyMessage(
  privacy: NonNullable<BookDocument["privacy"]>,
  forOwner: boolean,
): MessageInitShape<typeof BookPrivacySchema> {
  const view = privacyView(privacy, forOwner);
  return { ...view, access: accessKinds.values[view.access], mode: modeMessages[view.mode] };
}

export function bookHandlers({
  books,
  revisions,
  power,
  rateLimits = mongoRateLimits(books.connection),
  unlockLimits = defaultUnlockLimits,
  measurePicture,
  now = () => new Date(),
  log,
  brandsOf,
  cardOf,
  pageAudio,
  files,
}: BookHandlerDependencies): Omit<
  ServiceImplementation<typeof BookService>,
  BookContentMethods | BookCommentMethods | MediaMethods | PageAudioMethods | "checkLogo"
> {
  const checkUnlock = unlockGate(rateLimits, unlockLimits, now);
  const findMember = async (teamId: string, userId: string): Promise<TeamMember | undefined> => {
    if (teamId === "0") return undefined;
    try {
      return (await power.getTeamMember({ teamId, userId })).member;
    } catch (error) {
      if (error instanceof DomainError && error.kind === "NOT_FOUND") {
        throw new DomainError("PERMISSION_DENIED", message("notTeamMember"));
      }
      throw error;
    }
  };
  const findUser = async (userId: string) => {
    const user = (await power.getUser({ userId })).user;
    if (!user) throw internalFault(`power service answered no user for ${userId}`);
    return user;
  };

  const answer = (claim: BookRevisionDocument, created: boolean) => ({
    bookId: claim.bookId,
    number: claim.number,
    revision: claim.revision,
    created,
  });

  /** The book shows "processing" while its newest revision converts (a repeated start changes nothing). */
  const startConversion = (claim: BookRevisionDocument) =>
    books.updateConversion(claim.bookId, (book) => conversionStarted(book, claim.revision));

  /**
   * A claim already made by this task: make sure what followed it happened (a crash may sit between): a new book
   * exists, a revision's conversion is started.
   */
  const replay = async (claim: BookRevisionDocument, request: UploadBookRequest) => {
    if (claim.revision === 1 && request.bookId === "") {
      await books.insertIfAbsent(newUploadedBook(request, claim));
    } else {
      await startConversion(claim);
    }
    return answer(claim, false);
  };

  /** A book readers may open: normal status, not private; anything else is "not found" to them. */
  const publishedBook = (link: string): Promise<BookDocument> => findPublishedBook(books, link);
  const ownBook = (userId: string, bookId: string) => findOwnBook(books, userId, bookId);

  return {
    async createBookFromUpload(raw) {
      const request = normaliseUploadBookRequest(raw);
      const earlier = await revisions.findByUploadTask(request.uploadTaskId);
      if (earlier) return replay(earlier, request);

      if (request.bookId === "") {
        const claim = { uploadTaskId: request.uploadTaskId, ...newBookIdentity(), revision: 1 };
        if (!(await revisions.tryClaim(claim))) {
          const winner = await revisions.findByUploadTask(request.uploadTaskId);
          if (!winner) throw new DomainError("CONFLICT", message("busyRetry"));
          return replay(winner, request);
        }
        await books.insertIfAbsent(newUploadedBook(request, claim));
        return answer(claim, true);
      }

      const book = await books.findById(request.bookId);
      if (!book || !mayReviseBook(book, request)) {
        throw new DomainError("NOT_FOUND", message("bookNotFound"), { details: { bookId: request.bookId } });
      }
      for (let attempt = 0; attempt < revisionAttempts; attempt++) {
        const claim = {
          uploadTaskId: request.uploadTaskId,
          bookId: book.bookId,
          number: book.number,
          revision: (await revisions.latestRevision(book.bookId)) + 1,
        };
        if (await revisions.tryClaim(claim)) {
          await startConversion(claim);
          return answer(claim, false);
        }
        const winner = await revisions.findByUploadTask(request.uploadTaskId);
        if (winner) return replay(winner, request);
      }
      throw new DomainError("CONFLICT", message("busyRetry"));
    },

    async getReadyConfig(request) {
      const query = normaliseReadyConfigQuery(request);
      const [user, member] = await Promise.all([findUser(query.userId), findMember(query.teamId, query.userId)]);
      const book = query.number ? await books.findByNumber(query.number) : undefined;
      if (book === null || (book && !mayOpenBook(book, query, member))) {
        throw new DomainError("NOT_FOUND", message("bookNotFound"), { details: { number: query.number } });
      }
      const owner = book && book.ownerId !== user.userId ? await findUser(book.ownerId) : user;
      return { readyConfig: buildReadyConfig({ query, user, owner, book, member }) };
    },

    async getPublishedBook(request) {
      const found = await publishedBook(request.link);
      const [book, numbers] = await Promise.all([books.withSettings(found), revisions.revisionsOf(found.bookId)]);
      return {
        book: {
          bookId: book.bookId,
          number: book.number,
          title: book.title,
          description: book.description ?? "",
          keywords: book.keywords ?? "",
          revisions: numbers,
          privacy: {
            ...privacyMessage(book.privacy ?? publicPrivacy, false),
            passVersions: passVersions(book.privacy ?? publicPrivacy),
          },
          // What the owner's power allows now, not what was stored while it allowed more (spec 000 §6).
          ...servedFields(await servedSettings(power, book, log, brandsOf, cardOf)),
        },
      };
    },

    /** Owner only, never team-wrapped (team-book-access.ts): the insight paths ask it before any statistics or lead. */
    async getOwnBook(request) {
      const book = await ownBook(request.userId, request.bookId);
      return { bookId: book.bookId, number: book.number, title: book.title };
    },

    async getBookPrivacy(request) {
      const book = await ownBook(request.userId, request.bookId);
      return { privacy: privacyMessage(book.privacy ?? publicPrivacy, true) };
    },

    async setBookPrivacy(request) {
      const access = accessKinds.nameOf(request.access);
      if (!access)
        throw new DomainError("INVALID_ARGUMENT", message("privacy.accessRequired"), { details: { field: "access" } });
      const change = {
        access,
        mode: request.mode === PasswordModeMessage.USERS ? "users" : "single",
        hint: request.hint,
        fromPage: request.fromPage || 1,
        password: request.password,
        users: request.users.map((user) => ({ name: user.name, password: user.password })),
      } as const;
      // Kept passwords come from the stored settings: each attempt derives from the revision it read and stores
      // only the changed fields while that revision is still current. With the revision the client edited, a
      // change made since answers SAVE_CONFLICT instead. Within this process the changes of one book take turns.
      return updateAlone(`privacy:${request.bookId}`, async () => {
        let seen = 0;
        for (let attempt = 0; attempt < mergeAttempts; attempt++) {
          const book = await ownBook(request.userId, request.bookId);
          const previous = book.privacy ?? publicPrivacy;
          seen = previous.revision ?? 0;
          if (request.revision !== undefined && request.revision !== seen) {
            throw saveConflict("privacy", seen, request.revision);
          }
          const next = await applyPrivacyChange(previous, change);
          const revision = await books.setPrivacyAt(
            book.bookId,
            book.privacy ? { fields: changedPrivacy(previous, next) } : { whole: next },
            seen,
          );
          if (revision !== null) return { privacy: privacyMessage({ ...next, revision }, true) };
          await mergePause(attempt);
        }
        throw saveConflict("privacy", seen, request.revision ?? seen);
      });
    },

    async getBook(request) {
      // Read beside the ownership check; nothing of them is answered unless it passes.
      const [own, texts, numbers] = await Promise.all([
        ownBook(request.userId, request.bookId),
        books.settingsOf(request.bookId),
        revisions.revisionsOf(request.bookId),
      ]);
      return {
        book: {
          ...bookInfo(withSettingsTexts(own, texts), numbers, request.baseUrl),
          ...listRevisions(own),
          shareIcon: own.shareIcon ?? "",
          settingsRevision: settingsRevisionOf(texts),
        },
      };
    },

    async updateBook(request) {
      // Changed htmlConfig keys merge into the newest stored settings: each attempt derives the settings from the
      // revision it read and stores them only while that revision is still current (concurrent saves all land).
      // Replacing the plugin list or the download config whole is checked against the revision the client edited.
      // Within this process the merges of one book take turns (no attempt is wasted on a sibling's write); the
      // compare-and-set is what keeps several replicas on one MongoDB from overwriting each other.
      const replacesWhole = request.pluginJson !== "" || request.downloadConfigJson !== "";
      // A picture setting (a logo, a background) set to a stored picture or a URL on another site is measured first.
      await checkPictureSettings(request.bookConfigJson, measurePicture);
      return updateAlone(`settings-merge:${request.bookId}`, async () => {
        for (let attempt = 0; attempt < mergeAttempts; attempt++) {
          const [own, texts] = await Promise.all([
            ownBook(request.userId, request.bookId),
            books.settingsOf(request.bookId),
          ]);
          const seen = settingsRevisionOf(texts);
          if (replacesWhole && request.settingsRevision !== undefined && request.settingsRevision !== seen) {
            throw saveConflict("settings", seen, request.settingsRevision);
          }
          const book = withSettingsTexts(own, texts);
          const clearAudio = await pageModeNeedsClear(pageAudio, book.bookId, storedSettings(book).htmlConfig, request);
          const updated = applyBookUpdate(
            storedSettings(book),
            {
              bookConfig: request.bookConfigJson,
              isDownload: request.isDownload,
              plugin: request.pluginJson,
              downloadConfig: request.downloadConfigJson,
            },
            { bookId: book.bookId, number: book.number, source: book.source ?? -1 },
          );
          // Both validated before either is saved: a bad field saves nothing.
          const info = bookInfoFields({
            title: request.title,
            description: request.description,
            keywords: request.keywords,
            label: request.label,
            categoryId: request.categoryId,
          });
          const stored = settingsToStore(updated);
          const revision = await books.saveSettingsAt(book.bookId, stored, seen);
          if (revision === null) {
            await mergePause(attempt);
            continue;
          }
          const [numbers] = await Promise.all([
            revisions.revisionsOf(book.bookId),
            books.copySettings(book.bookId, stored, revision, info),
          ]);
          if (clearAudio && pageAudio) {
            await dropSpeechFiles(files, log, book.ownerId, await pageAudio.clear(book.bookId, 0));
          }
          return {
            book: {
              ...bookInfo({ ...book, ...stored, ...info }, numbers, request.baseUrl),
              ...listRevisions(book),
              shareIcon: book.shareIcon ?? "",
              settingsRevision: revision,
            },
          };
        }
        const latest = settingsRevisionOf(await books.settingsOf(request.bookId));
        throw saveConflict("settings", latest, request.settingsRevision ?? latest);
      });
    },

    async getBookCatalog(request) {
      const book = await ownBook(request.userId, request.bookId);
      return { catalog: book.catalog ?? [], catalogRevision: book.catalogRevision ?? 0 };
    },

    async saveBookCatalog(request) {
      const book = await ownBook(request.userId, request.bookId);
      const catalog = validateCatalog(request.catalog, request.pageCount);
      const catalogRevision = await books.setCatalog(book.bookId, catalog, request.catalogRevision);
      if (catalogRevision === null) {
        const stored = (await ownBook(request.userId, request.bookId)).catalogRevision ?? 0;
        throw saveConflict("catalog", stored, request.catalogRevision ?? stored);
      }
      return { catalog, catalogRevision };
    },

    async getBookBookmarks(request) {
      const book = await ownBook(request.userId, request.bookId);
      return { bookmarks: book.bookmarks ?? [], bookmarksRevision: book.bookmarksRevision ?? 0 };
    },

    async saveBookBookmarks(request) {
      const book = await ownBook(request.userId, request.bookId);
      const bookmarks = validateBookmarks(request.bookmarks, request.pageCount);
      const bookmarksRevision = await books.setBookmarks(book.bookId, bookmarks, request.bookmarksRevision);
      if (bookmarksRevision === null) {
        const stored = (await ownBook(request.userId, request.bookId)).bookmarksRevision ?? 0;
        throw saveConflict("bookmarks", stored, request.bookmarksRevision ?? stored);
      }
      return { bookmarks, bookmarksRevision };
    },

    async addBookBookmark(request) {
      const book = await ownBook(request.userId, request.bookId);
      const bookmark = newBookmark(
        book.bookmarks ?? [],
        { caption: request.caption, sharedColour: request.sharedColour },
        request.pageCount,
      );
      const after = await books.pushBookmark(book.bookId, bookmark);
      return { bookmark, bookmarks: after.bookmarks, bookmarksRevision: after.revision };
    },

    async unlockBook(request) {
      const book = await publishedBook(request.link);
      return checkUnlock({ bookId: book.bookId, privacy: book.privacy ?? publicPrivacy }, request);
    },
  };
}
