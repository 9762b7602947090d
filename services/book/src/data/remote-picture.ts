import type { LookupAddress } from "node:dns";
import type { BlockList } from "node:net";
import { DomainError, guardedRequest, message, OutboundRefused, readLimited } from "@turnleaf/kit";

/**
 * Fetches a picture an owner typed as a URL on another site, so the server can measure it like an uploaded one: a
 * size limit while the bytes stream in, one time limit on the whole exchange (redirects included), and no address
 * outside the public internet unless the deployment allows its network — the kit's guarded request (@turnleaf/kit
 * outbound.ts), checked on the very addresses connected to, each redirect's host checked again.
 */
export interface RemotePictureLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Private networks this deployment may fetch from (REMOTE_PICTURE_PRIVATE_NETWORKS); none by default. */
  allowed?: BlockList;
  /** DNS, replaceable in tests. */
  resolve?: (host: string) => Promise<LookupAddress[]>;
}

const maxRedirects = 3;

const refuse = (key: string, params: Record<string, string | number>) =>
  new DomainError("INVALID_ARGUMENT", message(key, params), { details: { field: "url" } });

/** The bytes at `address` (an http(s) URL), or a coded refusal naming why they cannot be had. */
export async function fetchRemotePicture(address: string, limits: RemotePictureLimits): Promise<Buffer> {
  let url = new URL(address);
  const host = url.hostname;
  const tooLarge = () => refuse("picture.tooLarge", { size: `${Math.round(limits.maxBytes / 1024 / 1024)} MB` });
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const policy = {
    ...(limits.allowed ? { allowed: limits.allowed } : {}),
    ...(limits.resolve ? { resolve: limits.resolve } : {}),
  };
  try {
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse("picture.unreachable", { host });
      const response = await guardedRequest(url, { method: "GET", headers: { accept: "image/*" }, signal }, policy);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location && redirects < maxRedirects) {
        response.resume();
        url = new URL(location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw refuse("picture.unreachable", { host });
      }
      return await readLimited(response, limits.maxBytes, tooLarge);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof OutboundRefused) {
      const key = error.reason === "private" ? "picture.privateHost" : "picture.unreachable";
      throw refuse(key, { host: error.host });
    }
    if (signal.aborted) throw refuse("picture.timeout", { host, seconds: Math.ceil(limits.timeoutMs / 1000) });
    throw refuse("picture.unreachable", { host });
  }
}
