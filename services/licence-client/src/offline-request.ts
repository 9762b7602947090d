import { randomBytes } from "node:crypto";
import { canonicalJson, fromBase64url, parseJsonObject, toBase64url, utf8 } from "./encoding.js";

/**
 * The offline request file a machine without internet produces: `TLREQ1.<base64url of canonical JSON>`.
 * It is not signed (the desktop holds no secret); the answer to it is, and echoes its nonce. It carries the
 * licence code, so it is as confidential as the code itself.
 */
export const requestFormat = "TLREQ1";

export interface OfflineRequest {
  licenceCode: string;
  terminalCode: string;
  nonce: string;
  /** The machine's name as the user knows it (shown in activation lists). */
  terminalLabel: string;
  createdAt: string;
}

/** A fresh random nonce (128 bits, base64url) for one request. */
export function createNonce(): string {
  return randomBytes(16).toString("base64url");
}

export function createOfflineRequest(request: OfflineRequest): string {
  return `${requestFormat}.${toBase64url(canonicalJson(request))}`;
}

/** The request's fields, or undefined when the text is not a request file. Field values are checked by the server. */
export function parseOfflineRequest(text: string): OfflineRequest | undefined {
  const [format, payload, ...rest] = text.trim().split(".");
  if (format !== requestFormat || payload === undefined || rest.length > 0) return undefined;
  const bytes = fromBase64url(payload);
  const json = bytes && utf8(bytes);
  const fields = json === undefined ? undefined : parseJsonObject(json);
  if (!fields) return undefined;
  const { licenceCode, terminalCode, nonce, terminalLabel, createdAt } = fields;
  const allText = [licenceCode, terminalCode, nonce, terminalLabel, createdAt].every(
    (field) => typeof field === "string",
  );
  return allText ? (fields as unknown as OfflineRequest) : undefined;
}
