import { type Connection, Schema } from "mongoose";

export interface LicenceDocument {
  _id: string;
  /** HMAC-SHA256 of the canonical code with the server's pepper: a database leak reveals no code. */
  codeHash: string;
  /** The code's last group, for people to tell codes apart. */
  codeHint: string;
  plan: string;
  edition: "registered";
  /** null: lifetime. */
  expiresAt: Date | null;
  maxActivations: number;
  /** Stored status; "expired" is derived from expiresAt at the time of asking. */
  status: "active" | "revoked";
  issuedAt: Date;
  revokedAt: Date | null;
  revokeReason: string;
}

const licenceSchema = new Schema<LicenceDocument>(
  {
    _id: { type: String, required: true },
    codeHash: { type: String, required: true, unique: true },
    codeHint: { type: String, required: true },
    plan: { type: String, required: true },
    edition: { type: String, required: true, enum: ["registered"] },
    expiresAt: { type: Date, default: null },
    maxActivations: { type: Number, required: true, min: 1 },
    status: { type: String, required: true, enum: ["active", "revoked"] },
    issuedAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
    revokeReason: { type: String, default: "" },
  },
  { collection: "licences", versionKey: false },
);

/**
 * The account a licence belongs to, one document per licence keyed by its id: the first account to claim it
 * wins by the unique _id (the local MongoDB-wire server has no atomic conditional update).
 */
export interface LicenceOwnerDocument {
  _id: string;
  accountId: string;
  boundAt: Date;
}

const licenceOwnerSchema = new Schema<LicenceOwnerDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true },
    boundAt: { type: Date, required: true },
  },
  { collection: "licence_owners", versionKey: false },
);

export function licenceModels(connection: Connection) {
  return {
    licences: connection.model<LicenceDocument>("Licence", licenceSchema),
    owners: connection.model<LicenceOwnerDocument>("LicenceOwner", licenceOwnerSchema),
  };
}
