import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { BlockList, LookupFunction } from "node:net";
import { DomainError, literalAddress, message, reachableAddress } from "@turnleaf/kit";

/**
 * Fetches a picture an owner typed as a URL on another site, so the server can measure it like an uploaded one: a
 * size limit while the bytes stream in, one time limit on the whole exchange (redirects included), and no address
 * outside the public internet unless the deployment allows its network — checked on the very addresses connected to
 * (a name cannot answer a public address to a check and a private one to the connection).
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

const resolveAll = (host: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

const refuse = (key: string, params: Record<string, string | number>) =>
  new DomainError("INVALID_ARGUMENT", message(key, params), { details: { field: "url" } });

/** The host's addresses, refused when one is not reachable (a name with a public and a private one could be either). */
async function checkedAddresses(host: string, limits: RemotePictureLimits): Promise<LookupAddress[]> {
  const literal = literalAddress(host);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
  else {
    try {
      addresses = await (limits.resolve ?? resolveAll)(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) throw refuse("picture.unreachable", { host });
  if (addresses.some(({ address }) => !reachableAddress(address, limits.allowed))) {
    throw refuse("picture.privateHost", { host });
  }
  return addresses;
}

function guardedLookup(limits: RemotePictureLimits): LookupFunction {
  return (host, options, callback) => {
    checkedAddresses(host, limits).then(
      (addresses) => {
        if (options.all) return callback(null, addresses);
        const first = addresses[0] as LookupAddress;
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

function get(url: URL, limits: RemotePictureLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: "GET",
      headers: { accept: "image/*" },
      lookup: guardedLookup(limits),
      signal,
      agent: false,
    });
    outgoing.on("response", resolve);
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function bodyOf(response: IncomingMessage, maxBytes: number, tooLarge: () => DomainError): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The bytes at `address` (an http(s) URL), or a coded refusal naming why they cannot be had. */
export async function fetchRemotePicture(address: string, limits: RemotePictureLimits): Promise<Buffer> {
  let url = new URL(address);
  const host = url.hostname;
  const tooLarge = () => refuse("picture.tooLarge", { size: `${Math.round(limits.maxBytes / 1024 / 1024)} MB` });
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse("picture.unreachable", { host });
      // An IP literal is connected to without a lookup: it is checked here.
      if (literalAddress(url.hostname)) await checkedAddresses(url.hostname, limits);
      const response = await get(url, limits, signal);
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
      return await bodyOf(response, limits.maxBytes, tooLarge);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // The lookup's refusal reaches here wrapped by the socket; the signal's reason is a TimeoutError.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof DomainError) throw cause;
    if (signal.aborted) throw refuse("picture.timeout", { host, seconds: Math.ceil(limits.timeoutMs / 1000) });
    throw refuse("picture.unreachable", { host });
  }
}
