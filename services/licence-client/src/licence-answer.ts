import { createHash, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { canonicalJson, fromBase64url, parseJsonObject, toBase64url, utf8 } from "./encoding.js";

/**
 * A licence answer: what the server says about one licence on one terminal at one moment, signed with
 * Ed25519. The same text is the online reply, the offline verification file and the licence file the
 * desktop tool keeps:
 *
 *     TLLIC1.<key id>.<payload>.<signature>
 *
 * `TLLIC1` is the format and its version, the key id names the signing key (rotation), the payload is the
 * base64url of the canonical JSON below, and the signature covers everything before it. The text is exact:
 * no whitespace, no trailing newline, one spelling of every base64url part — any edited byte fails.
 */
export const answerFormat = "TLLIC1";

export type LicenceState = "active" | "expired" | "revoked";
export type ActivationChannel = "online" | "offline";

export interface LicenceAnswer {
  /** When the server answered (ISO 8601); the client's anchor against clock rollback. */
  serverTime: string;
  /** The client's nonce, echoed: an answer belongs to one request. */
  nonce: string;
  /** The terminal the answer is bound to. */
  terminalCode: string;
  channel: ActivationChannel;
  /** The answer's own expiry, separate from the licence's, so a revocation reaches offline machines. */
  validUntil: string;
  licence: {
    id: string;
    plan: string;
    edition: "registered";
    /** null for a lifetime licence. */
    expiresAt: string | null;
    state: LicenceState;
    maxActivations: number;
  };
  /** This terminal's activation; null when it holds none (never activated, or deactivated). */
  activation: { id: string; activatedAt: string } | null;
}

const answerPattern = new RegExp(`^${answerFormat}\\.([0-9a-f]{16})\\.([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]{86})$`);

/** The key id: the first 16 hex digits of the SHA-256 of the public key's DER, so clients can pin keys. */
export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("hex").slice(0, 16);
}

export function signLicenceAnswer(answer: LicenceAnswer, privateKey: KeyObject, keyId: string): string {
  const signingInput = `${answerFormat}.${keyId}.${toBase64url(canonicalJson(answer))}`;
  return `${signingInput}.${toBase64url(sign(null, Buffer.from(signingInput, "latin1"), privateKey))}`;
}

export type OpenedAnswer =
  | { ok: true; answer: LicenceAnswer }
  | { ok: false; failure: "malformed" | "signature"; reason: string };

/** Checks the text's form and signature against the trusted public keys (SPKI PEM), then the payload's shape. */
export function openLicenceAnswer(text: string, trustedPublicKeys: readonly string[]): OpenedAnswer {
  const parts = answerPattern.exec(text);
  const payload = parts?.[2] ? fromBase64url(parts[2]) : undefined;
  const signature = parts?.[3] ? fromBase64url(parts[3]) : undefined;
  if (!parts || !payload || !signature) {
    return { ok: false, failure: "malformed", reason: `not a ${answerFormat} licence answer` };
  }
  const keys = trustedPublicKeys.map((pem) => createPublicKey(pem));
  const key = keys.find((candidate) => keyIdOf(candidate) === parts[1]);
  if (!key) return { ok: false, failure: "signature", reason: `signed with an unknown key ${parts[1]}` };
  const signingInput = text.slice(0, text.lastIndexOf("."));
  if (!verify(null, Buffer.from(signingInput, "latin1"), key, signature)) {
    return { ok: false, failure: "signature", reason: "signature invalid" };
  }
  const payloadText = utf8(payload);
  const answer = payloadText === undefined ? undefined : licenceAnswerFrom(parseJsonObject(payloadText));
  if (!answer) return { ok: false, failure: "malformed", reason: "payload is not a licence answer" };
  return { ok: true, answer };
}

function isIsoTime(value: unknown): value is string {
  return typeof value === "string" && !Number.isNaN(Date.parse(value));
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The payload as a LicenceAnswer when every field has its type; signed payloads of another shape are refused. */
function licenceAnswerFrom(value: Record<string, unknown> | undefined): LicenceAnswer | undefined {
  if (!value || !isObject(value.licence)) return undefined;
  const { licence, activation } = value;
  const validLicence =
    isText(licence.id) &&
    isText(licence.plan) &&
    licence.edition === "registered" &&
    (licence.expiresAt === null || isIsoTime(licence.expiresAt)) &&
    (licence.state === "active" || licence.state === "expired" || licence.state === "revoked") &&
    Number.isInteger(licence.maxActivations);
  const validActivation =
    activation === null || (isObject(activation) && isText(activation.id) && isIsoTime(activation.activatedAt));
  const valid =
    validLicence &&
    validActivation &&
    isIsoTime(value.serverTime) &&
    isText(value.nonce) &&
    isText(value.terminalCode) &&
    (value.channel === "online" || value.channel === "offline") &&
    isIsoTime(value.validUntil);
  return valid ? (value as unknown as LicenceAnswer) : undefined;
}
