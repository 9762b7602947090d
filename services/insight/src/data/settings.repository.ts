import { type Connection, updateAlone } from "@turnleaf/kit";
import type { LeadFormSettings } from "../domain/lead-form.js";

export interface SettingsDocument {
  _id: string;
  statisticsEnabled: boolean;
  leadForm: LeadFormSettings | null;
  webhookUrl: string;
  webhookSecret: string;
  updatedAt: Date;
}

export type StoredSettings = Omit<SettingsDocument, "_id" | "updatedAt">;

/** One document per book that ever changed its insight settings (_id = book id); partial $set updates only. */
export function settingsRepository(connection: Connection) {
  const collection = connection.collection<SettingsDocument>("settings");
  return {
    async find(bookId: string): Promise<StoredSettings | null> {
      const found = await collection.findOne({ _id: bookId });
      if (!found) return null;
      return {
        statisticsEnabled: found.statisticsEnabled ?? true,
        leadForm: found.leadForm ?? null,
        webhookUrl: found.webhookUrl ?? "",
        webhookSecret: found.webhookSecret ?? "",
      };
    },
    /** Sets the given fields; the secret is only written when the book has none yet (first writer wins). */
    async update(bookId: string, changes: Partial<StoredSettings>, secretIfMissing: string): Promise<void> {
      // One book's settings updates take turns (the embedded store applies an update as read-then-write-whole).
      await updateAlone(`insight_settings:${bookId}`, async () => {
        await collection.updateOne({ _id: bookId }, { $set: { ...changes, updatedAt: new Date() } }, { upsert: true });
        await collection.updateOne(
          { _id: bookId, $or: [{ webhookSecret: { $exists: false } }, { webhookSecret: "" }] },
          { $set: { webhookSecret: secretIfMissing } },
        );
      });
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
