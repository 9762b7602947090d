import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const signatureHeader = "x-turnleaf-signature";
/** Attempts before a delivery is given up (the delivery log keeps every one). */
export const maxAttempts = 6;

/** A new signing secret for a book's webhook. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

/**
 * The signature header of a body sent at `timestampSeconds`: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 * The timestamp inside the signed text lets a receiver refuse replays of an old delivery.
 */
export function signPayload(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${mac}`;
}

/** What a receiver does (documented for owners; the tests' receiver uses it). */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  toleranceSeconds: number,
  nowSeconds: number,
): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(signPayload(secret, body, timestamp).split("v1=")[1] ?? "", "hex");
  const given = Buffer.from(parts.v1, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The wait before attempt n+1 after n failed ones: 2 s, 4 s, 8 s … capped at 10 minutes. */
export function retryDelayMs(failedAttempts: number, baseMs = 2_000): number {
  return Math.min(baseMs * 2 ** Math.max(failedAttempts - 1, 0), 10 * 60 * 1000);
}

/** A webhook address an owner may set: http(s) with a host, no credentials, ≤ 2,000 characters. */
export function checkWebhookUrl(value: string): string | null {
  const text = value.trim();
  if (!text) return "";
  if (text.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || url.username || url.password)
    return null;
  return url.toString();
}
