/** The gateway's desktop licence paths, with failures mapped to the licence codes (9/10 transport, 401–407). */
import { createPublicKey } from "node:crypto";
import { clientCodes, keyIdOf, LicenceError, licenceReplyData, transportFailure } from "@turnleaf/licence-client";

export const defaultServer = "http://localhost:8080";
const timeoutMs = 20_000;

export function serverUrl(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return (option || env.TURNLEAF_SERVER || defaultServer).replace(/\/+$/, "");
}

async function exchange(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  let body: string;
  try {
    // The desktop tool speaks English: the server's refusals (coded texts) are worded in it.
    const headers = new Headers(init.headers);
    if (!headers.has("accept-language")) headers.set("accept-language", "en");
    response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    body = await response.text();
  } catch (error) {
    throw transportFailure(error);
  }
  return licenceReplyData(response.status, body);
}

/** POSTs form fields to a licence path and answers the reply's data (throws the refusal's code). */
export function postLicence(server: string, path: string, fields: Record<string, string>) {
  return exchange(`${server}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The server's signing key (SPKI PEM), checked against the key id it is announced with. */
export async function fetchPublicKey(server: string): Promise<{ keyId: string; publicKeyPem: string }> {
  const data = await exchange(`${server}/api/licence/public-key`, { method: "GET" });
  const { keyId, publicKeyPem } = data;
  if (typeof keyId !== "string" || typeof publicKeyPem !== "string") {
    throw new LicenceError(clientCodes.networkError, "network error: the public key reply is incomplete");
  }
  let computed: string;
  try {
    computed = keyIdOf(createPublicKey(publicKeyPem));
  } catch {
    throw new LicenceError(clientCodes.networkError, "network error: the server's public key cannot be read");
  }
  if (computed !== keyId) {
    throw new LicenceError(clientCodes.fileModified, "file modified: the server's public key does not match its id");
  }
  return { keyId, publicKeyPem };
}
