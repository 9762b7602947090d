import { randomBytes } from "node:crypto";
import { type Connection, updateAlone } from "@turnleaf/kit";

export type DeliveryStateName = "none" | "pending" | "delivered" | "failed";

export interface DeliveryAttemptDocument {
  attempt: number;
  at: Date;
  statusCode: number;
  ok: boolean;
  error: string;
  url: string;
}

export interface LeadDocument {
  _id: string;
  bookId: string;
  values: Record<string, string>;
  consent: boolean;
  page: number;
  createdAt: Date;
  delivery: {
    state: DeliveryStateName;
    url: string;
    attempts: number;
    /** When the next attempt is due; a worker holding the lead pushes it forward (its lease). */
    dueAt: Date;
    log: DeliveryAttemptDocument[];
  };
}

/** Lead ids sort by time (like the book service's message ids): 12 hex of milliseconds, 12 random. */
function leadId(nowMs: number): string {
  return nowMs.toString(16).padStart(12, "0") + randomBytes(6).toString("hex");
}

export function leadRepository(connection: Connection) {
  const leads = connection.collection<LeadDocument>("leads");
  return {
    async ensureIndexes(): Promise<void> {
      await leads.createIndex({ bookId: 1, _id: -1 });
      await leads.createIndex({ "delivery.state": 1, "delivery.dueAt": 1 });
    },

    async insert(lead: Omit<LeadDocument, "_id">): Promise<LeadDocument> {
      const document = { _id: leadId(lead.createdAt.getTime()), ...lead };
      await leads.insertOne(document);
      return document;
    },

    async list(bookId: string, limit = 5000): Promise<LeadDocument[]> {
      return leads.find({ bookId }).sort({ _id: -1 }).limit(limit).toArray();
    },

    async delete(bookId: string, id: string): Promise<number> {
      const filter = id ? { bookId, _id: id } : { bookId };
      return (await leads.deleteMany(filter)).deletedCount;
    },

    /**
     * Takes one due delivery for `leaseMs`: its due time moves forward at once, so another worker (or replica)
     * does not send it too while this one is at it.
     */
    async claimDue(now: Date, leaseMs: number): Promise<LeadDocument | null> {
      // A read first: the worker asks every second, and most of the time nothing is due (no write for nothing).
      const due = await leads.findOne(
        { "delivery.state": "pending", "delivery.dueAt": { $lte: now } },
        { projection: { _id: 1 } },
      );
      if (!due) return null;
      // The claims of this process take turns: on the embedded store two at once could both take one delivery.
      return updateAlone("lead_claims", () =>
        leads.findOneAndUpdate(
          { "delivery.state": "pending", "delivery.dueAt": { $lte: now } },
          { $set: { "delivery.dueAt": new Date(now.getTime() + leaseMs) } },
          { sort: { "delivery.dueAt": 1 }, returnDocument: "after" },
        ),
      );
    },

    async recordAttempt(
      id: string,
      attempt: DeliveryAttemptDocument,
      next: { state: DeliveryStateName; dueAt: Date },
    ): Promise<void> {
      await updateAlone(`leads:${id}`, () =>
        leads.updateOne(
          { _id: id },
          {
            $set: { "delivery.state": next.state, "delivery.dueAt": next.dueAt, "delivery.attempts": attempt.attempt },
            $push: { "delivery.log": attempt },
          },
        ),
      );
    },

    async deliveries(bookId: string, limit = 200): Promise<(DeliveryAttemptDocument & { leadId: string })[]> {
      const found = await leads
        .find({ bookId, "delivery.log.0": { $exists: true } }, { projection: { "delivery.log": 1 } })
        .sort({ _id: -1 })
        .limit(limit)
        .toArray();
      return found
        .flatMap((lead) => lead.delivery.log.map((entry) => ({ ...entry, leadId: lead._id })))
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, limit);
    },
  };
}

export type LeadRepository = ReturnType<typeof leadRepository>;
