import { clientCodes, isServerCode, LicenceError } from "./codes.js";
import { parseJsonObject } from "./encoding.js";

/** Errors of a connection that was never made: the server is down or unreachable (10), not a broken exchange (9). */
const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function errorCodeOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps a failed HTTP exchange (what fetch threw) to 10 "server connection failed" or 9 "network error". */
export function transportFailure(error: unknown): LicenceError {
  const code = errorCodeOf(error);
  if (code !== undefined && connectionErrorCodes.has(code)) {
    return new LicenceError(clientCodes.serverConnectionFailed, `server connection failed (${code})`);
  }
  return new LicenceError(clientCodes.networkError, `network error${code ? ` (${code})` : ""}`);
}

/**
 * The `data` of a licence path's reply envelope. A refusal throws its server code (401–407) with the server's
 * message and details; a reply that is not an envelope, or a failure outside the licence table, is a
 * network error (9).
 */
export function licenceReplyData(httpStatus: number, body: string): Record<string, unknown> {
  const envelope = parseJsonObject(body);
  if (!envelope || typeof envelope.code !== "string") {
    throw new LicenceError(clientCodes.networkError, `network error: unexpected reply (HTTP ${httpStatus})`);
  }
  const message = typeof envelope.msg === "string" ? envelope.msg : "";
  const data =
    envelope.data !== null && typeof envelope.data === "object"
      ? (envelope.data as Record<string, unknown>)
      : undefined;
  if (envelope.code === "OK" && data) return data;
  const code = Number(envelope.code);
  if (isServerCode(code)) throw new LicenceError(code, message, data);
  throw new LicenceError(clientCodes.networkError, `network error: ${message || envelope.code}`, data);
}
