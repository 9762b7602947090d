import { randomUUID } from "node:crypto";
import type { Connection } from "mongoose";
import { type LicenceEventDocument, licenceEventModel } from "./licence-event.schema.js";

export type NewLicenceEvent = Omit<LicenceEventDocument, "_id">;

/** The audit trail: entries are only ever appended. */
export class LicenceEventRepository {
  private readonly events;

  constructor(connection: Connection) {
    this.events = licenceEventModel(connection);
  }

  async append(event: NewLicenceEvent): Promise<void> {
    await this.events.create({ _id: randomUUID(), ...event });
  }

  async listForLicence(licenceId: string): Promise<LicenceEventDocument[]> {
    return this.events.find({ licenceId }).sort({ at: 1 }).lean<LicenceEventDocument[]>().exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.events.syncIndexes();
  }
}
