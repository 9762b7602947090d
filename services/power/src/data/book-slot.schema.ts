import { type Connection, Schema } from "mongoose";
import type { QuotaName } from "../domain/power-config.js";

/**
 * One hosted book's slot of an account's quota. An account with a limit of k has slots 0..k-1 and each book holds
 * one: the unique index on (account, quota, slot) is what keeps an account at k under any concurrency (no
 * transaction, no conditional update), and the one on bookKey what makes a reservation idempotent per book.
 */
export interface BookSlotDocument {
  _id: string;
  account: string;
  quota: QuotaName;
  slot: number;
  bookKey: string;
  userId: string;
  reservedAt: Date;
  /** When the book is to be paused unless paid for (no points, expired VIP); null when paid up. */
  pauseAt: Date | null;
  /** The book the upload created (from the upload's COMPLETED event); empty until then. */
  bookId?: string;
  /** Hosting is paid up to here (the hosting sweep's charges, a VIP plan's end); null when never paid. */
  paidUntil?: Date | null;
  /** The sweep announced the book suspended (BookHostingChanged) and has not announced it resumed. */
  suspended?: boolean;
}

const bookSlotSchema = new Schema<BookSlotDocument>(
  {
    _id: { type: String, required: true },
    account: { type: String, required: true },
    quota: { type: String, required: true, enum: ["BOOK_FILE_NUM", "PUB_BOOK_NUM"] },
    slot: { type: Number, required: true, min: 0 },
    bookKey: { type: String, required: true },
    userId: { type: String, required: true },
    reservedAt: { type: Date, required: true },
    pauseAt: { type: Date, default: null },
    bookId: { type: String, default: "" },
    paidUntil: { type: Date, default: null },
    suspended: { type: Boolean, default: false },
  },
  { collection: "book_slots", versionKey: false },
);
bookSlotSchema.index({ account: 1, quota: 1, slot: 1 }, { unique: true });
bookSlotSchema.index({ bookKey: 1 }, { unique: true });

export function bookSlotModel(connection: Connection) {
  return connection.model<BookSlotDocument>("BookSlot", bookSlotSchema);
}
