/** JSON with object keys sorted at every level and no whitespace: one text per value, so signatures are stable. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`not representable in JSON: ${String(value)}`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
}

const base64urlText = /^[A-Za-z0-9_-]*$/;

export function toBase64url(bytes: Uint8Array | string): string {
  return Buffer.from(bytes).toString("base64url");
}

/**
 * Decodes base64url only in its one canonical spelling (no padding, zero unused bits): otherwise two texts
 * would decode to the same bytes and an edited file could still verify.
 */
export function fromBase64url(text: string): Buffer | undefined {
  if (!base64urlText.test(text) || text.length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, "base64url");
  return bytes.toString("base64url") === text ? bytes : undefined;
}

/** Parses JSON text into a plain object, or undefined when it is not one. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Decodes UTF-8 strictly: invalid byte sequences are a malformed payload, not replacement characters. */
export function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
