import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import { type LicenceDocument, type LicenceOwnerDocument, licenceModels } from "./licence.schema.js";

export class LicenceRepository {
  private readonly models;

  constructor(connection: Connection) {
    this.models = licenceModels(connection);
  }

  /** Inserts unless a licence with the same code hash exists; answers whether it did. */
  async tryInsert(licence: LicenceDocument): Promise<boolean> {
    return unlessDuplicate(() => this.models.licences.create(licence));
  }

  async findById(licenceId: string): Promise<LicenceDocument | null> {
    return this.models.licences.findById(licenceId).lean<LicenceDocument>().exec();
  }

  async findByCodeHash(codeHash: string): Promise<LicenceDocument | null> {
    return this.models.licences.findOne({ codeHash }).lean<LicenceDocument>().exec();
  }

  async revoke(licenceId: string, revokedAt: Date, reason: string): Promise<void> {
    await updateAlone(`licence:${licenceId}`, () =>
      this.models.licences
        .updateOne({ _id: licenceId }, { $set: { status: "revoked", revokedAt, revokeReason: reason } })
        .exec(),
    );
  }

  async setExpiry(licenceId: string, expiresAt: Date | null): Promise<void> {
    await updateAlone(`licence:${licenceId}`, () =>
      this.models.licences.updateOne({ _id: licenceId }, { $set: { expiresAt } }).exec(),
    );
  }

  async ownerOf(licenceId: string): Promise<string | undefined> {
    const owner = await this.models.owners.findById(licenceId).lean<LicenceOwnerDocument>().exec();
    return owner?.accountId;
  }

  /** Makes the account the licence's owner unless it has one; answers the owner either way. */
  async claimOwner(licenceId: string, accountId: string, at: Date): Promise<string> {
    if (await unlessDuplicate(() => this.models.owners.create({ _id: licenceId, accountId, boundAt: at }))) {
      return accountId;
    }
    const owner = await this.ownerOf(licenceId);
    if (owner === undefined) throw new Error(`owner of licence ${licenceId} vanished after a conflicting insert`);
    return owner;
  }

  async ensureIndexes(): Promise<void> {
    await this.models.licences.syncIndexes();
    await this.models.owners.syncIndexes();
  }
}
