import { type Connection, Schema } from "mongoose";

interface StoredSigningKey {
  _id: string;
  privateKeyPem: string;
}

const signingKeySchema = new Schema<StoredSigningKey>(
  { _id: { type: String, required: true }, privateKeyPem: { type: String, required: true } },
  { collection: "signing_keys", timestamps: true },
);

const currentKeyId = "current";

export class SigningKeyRepository {
  private readonly keys;

  constructor(connection: Connection) {
    this.keys = connection.model<StoredSigningKey>("SigningKey", signingKeySchema);
  }

  /** Stores the candidate only if no key exists yet; every replica then reads back the same key. */
  async currentOrInsert(candidatePem: string): Promise<string> {
    await this.keys
      .updateOne({ _id: currentKeyId }, { $setOnInsert: { privateKeyPem: candidatePem } }, { upsert: true })
      .exec();
    const stored = await this.keys.findById(currentKeyId).lean<StoredSigningKey>().exec();
    if (!stored) throw new Error("signing key vanished after upsert");
    return stored.privateKeyPem;
  }
}
