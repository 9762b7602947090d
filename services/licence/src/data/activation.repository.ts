import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import { type ActivationDocument, activationModel } from "./activation.schema.js";

export class ActivationRepository {
  private readonly activations;

  constructor(connection: Connection) {
    this.activations = activationModel(connection);
  }

  async listForLicence(licenceId: string): Promise<ActivationDocument[]> {
    return this.activations.find({ licenceId }).sort({ activatedAt: 1 }).lean<ActivationDocument[]>().exec();
  }

  /** Inserts unless its slot or its terminal is already taken on the licence; answers whether it did. */
  async tryInsert(activation: ActivationDocument): Promise<boolean> {
    return unlessDuplicate(() => this.activations.create(activation));
  }

  /**
   * Records the terminal as seen now, under the code it used: a terminal whose components drift one at a time
   * keeps its activation, and its old code becomes free for a machine that really has it. Should another
   * activation hold that code already, the key stays as it was.
   */
  async recordSeen(
    activationId: string,
    seen: Pick<ActivationDocument, "terminalKey" | "terminalComponents" | "terminalLabel" | "channel" | "lastSeenAt">,
  ): Promise<void> {
    await updateAlone(`activation:${activationId}`, async () => {
      if (await unlessDuplicate(() => this.activations.updateOne({ _id: activationId }, { $set: seen }).exec())) return;
      const { terminalKey: _taken, ...rest } = seen;
      await this.activations.updateOne({ _id: activationId }, { $set: rest }).exec();
    });
  }

  async delete(activationId: string): Promise<void> {
    await this.activations.deleteOne({ _id: activationId }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.activations.syncIndexes();
  }
}
