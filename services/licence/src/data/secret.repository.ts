import { unlessDuplicate } from "@turnleaf/kit";
import { type Connection, Schema } from "mongoose";

interface StoredSecret {
  _id: string;
  value: string;
}

const secretSchema = new Schema<StoredSecret>(
  { _id: { type: String, required: true }, value: { type: String, required: true } },
  { collection: "server_secrets", timestamps: true },
);

/** The service's own secrets (signing key, code pepper) when the environment does not provide them. */
export class SecretRepository {
  private readonly secrets;

  constructor(connection: Connection) {
    this.secrets = connection.model<StoredSecret>("ServerSecret", secretSchema);
  }

  /** Stores the candidate only if the secret does not exist yet; every replica then reads back the same value. */
  async currentOrInsert(name: string, candidate: string): Promise<string> {
    await unlessDuplicate(() => this.secrets.create({ _id: name, value: candidate }));
    const stored = await this.secrets.findById(name).lean<StoredSecret>().exec();
    if (!stored) throw new Error(`secret ${name} vanished after insert`);
    return stored.value;
  }
}
