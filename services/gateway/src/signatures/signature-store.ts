/**
 * The signatures of every account (spec 001 §4: kept per account, never modified or deleted once created): the
 * gateway's own collection `signatures` in its database turnleaf-gateway, a unique index on (userId, name). It
 * only inserts and reads: there is no update or delete, here or on any path.
 */
import { type Connection, connectMongo, type Logger, unlessDuplicate } from "@turnleaf/kit";
import type { SignatureForm } from "@turnleaf/kit/signature-form";

export interface StoredSignature extends Omit<SignatureForm, "password"> {
  userId: string;
  createdAt: Date;
  validUntil: Date;
  /** The PKCS12 keystore, protected by the user's password (which is not stored). */
  keystore: Buffer;
}

export interface SignatureStore {
  /** Inserts; answers false when the account has a signature of this name already. */
  insert(signature: StoredSignature): Promise<boolean>;
  list(userId: string): Promise<Omit<StoredSignature, "keystore">[]>;
  get(userId: string, name: string): Promise<StoredSignature | undefined>;
  close(): Promise<void>;
}

export function signatureStoreOn(connection: Connection, close: () => Promise<void> = async () => {}): SignatureStore {
  const collection = connection.collection("signatures");
  let indexed: Promise<unknown> | undefined;
  const ready = () => {
    indexed ??= collection.createIndex({ userId: 1, name: 1 }, { unique: true });
    return indexed;
  };
  return {
    async insert(signature) {
      await ready();
      return unlessDuplicate(() => collection.insertOne({ ...signature }));
    },
    async list(userId) {
      await ready();
      const rows = await collection
        .find({ userId }, { projection: { keystore: 0, _id: 0 } })
        .sort({ createdAt: 1 })
        .toArray();
      return rows as unknown as Omit<StoredSignature, "keystore">[];
    },
    async get(userId, name) {
      await ready();
      const row = await collection.findOne({ userId, name }, { projection: { _id: 0 } });
      if (!row) return undefined;
      const keystore = row.keystore as { buffer?: Uint8Array } | Buffer;
      return {
        ...(row as unknown as StoredSignature),
        keystore: Buffer.isBuffer(keystore) ? keystore : Buffer.from((keystore as { buffer: Uint8Array }).buffer),
      };
    },
    close,
  };
}

export async function connectSignatureStore(uri: string, log: Logger): Promise<SignatureStore> {
  const connection = await connectMongo({ uri, database: "turnleaf-gateway", log });
  return signatureStoreOn(connection, () => connection.close());
}
