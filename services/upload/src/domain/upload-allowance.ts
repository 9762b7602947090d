import { FolderType, type PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import type { TypedClient } from "@turnleaf/kit";

/** Who asks to upload, and into which book. */
export interface UploadAsker {
  userId: string;
  teamId: string;
  folderId: string;
  /** The book overwritten or reconverted; empty for a new book. */
  bookId: string;
  /** Spec 000 folder type of a new book: 1 book, 2 publication (unset: book). */
  folderType?: number;
  /** Asked from a host outside the product's own: the power service decides as for user type 32. */
  nonProductHost?: boolean;
}

/** An upload task's asker: its slot is keyed by the task, so a retried completion takes none. */
export interface TaskAsker extends UploadAsker {
  taskId: string;
}

/**
 * The power limits of an upload, asked of the power service (spec 000 §6): free users cannot upload ('free users
 * cannot use upload', PERMISSION_DENIED → REST ERROR); a new book needs a slot of BOOK_FILE_NUM (books) or
 * PUB_BOOK_NUM (publications) (QUOTA_EXCEEDED → REST BOOK_UPLOAD_OVER_LIMIT, details.quota naming which); zero
 * points or an expired VIP plan allow the upload with the warning that the book will be paused after 24 hours.
 * Overwrites and reconversions of an existing book take no slot.
 */
export interface UploadAllowance {
  /** Begin-upload (and reconversion): throws the refusal; answers the warning to show, if any. Takes nothing. */
  assertMayUpload(asker: UploadAsker): Promise<string | undefined>;
  /** Completion: takes the new book's slot in one atomic step (the power service's ReserveBookSlot). */
  reserveBook(asker: TaskAsker): Promise<void>;
  /** A task that will not complete (cancelled, failed, expired): frees the slot it may hold. */
  releaseBook(asker: TaskAsker): Promise<void>;
}

/** The quota a new book counts against: publications (folder type 2) PUB_BOOK_NUM, books BOOK_FILE_NUM. */
const folderTypeOf = (asker: UploadAsker) => (asker.folderType === 2 ? FolderType.PUBLICATION : FolderType.BOOK);

const bookKeyOf = (asker: TaskAsker) => `upload:${asker.taskId}`;

export function powerUploadAllowance(power: TypedClient<typeof PowerService>): UploadAllowance {
  const powerAsker = (asker: UploadAsker) => ({
    userId: asker.userId,
    teamId: asker.teamId || "0",
    folderType: folderTypeOf(asker),
    nonProductHost: asker.nonProductHost ?? false,
  });
  return {
    async assertMayUpload(asker) {
      const { standing } = await power.checkUpload({ asker: powerAsker(asker), existingBook: asker.bookId !== "" });
      return standing?.warning?.message || undefined;
    },
    async reserveBook(asker) {
      if (asker.bookId !== "") return;
      await power.reserveBookSlot({ asker: powerAsker(asker), bookKey: bookKeyOf(asker) });
    },
    async releaseBook(asker) {
      if (asker.bookId !== "") return;
      await power.releaseBookSlot({ userId: asker.userId, teamId: asker.teamId || "0", bookKey: bookKeyOf(asker) });
    },
  };
}
