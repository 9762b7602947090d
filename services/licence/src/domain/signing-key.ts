import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKeyPem: string;
}

/** The key id is the first 16 hex digits of the SHA-256 of the public key's DER, so clients can pin it. */
export function signingKeyFromPrivatePem(privateKeyPem: string): SigningKey {
  const privateKey = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== "ed25519") {
    // A deployment fault found at start: it reaches the operator's log, never a client.
    throw new Error("the licence signing key must be an Ed25519 key");
  }
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: "spki", format: "der" });
  return {
    keyId: createHash("sha256").update(der).digest("hex").slice(0, 16),
    privateKey,
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}
