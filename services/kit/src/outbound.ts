import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import type { BlockList, LookupFunction } from "node:net";
import { literalAddress, reachableAddress } from "./private-network.js";

/**
 * One outbound HTTP request to a URL an owner gave (a lead webhook, a picture on another site), guarded against the
 * network the service runs in: the host is resolved once, every address it has must be public (./private-network.ts)
 * unless the deployment allows its network, and the connection goes to those very addresses (a name cannot answer a
 * public address to a check and a private one to the connection: DNS rebinding). No connection pooling, no
 * redirects followed (the caller decides), the caller's signal bounds the whole exchange.
 */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

export interface OutboundPolicy {
  /** Private networks this deployment may reach; `true` for any (on-premises). None by default. */
  allowed?: BlockList | true;
  /** DNS, replaceable in tests. */
  resolve?: Resolve;
}

/** Why a URL may not be called: its host is (or resolves to) a private address, or resolves to nothing. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: "private" | "unresolvable",
    readonly host: string,
  ) {
    super(reason === "private" ? `refused: ${host} is a private address` : `refused: ${host} cannot be resolved`);
    this.name = "OutboundRefused";
  }
}

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Every address the host has, refused when one of them may not be reached or there is none. */
export async function checkedAddresses(host: string, policy: OutboundPolicy = {}): Promise<LookupAddress[]> {
  const literal = literalAddress(host);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
  else {
    try {
      addresses = await (policy.resolve ?? resolveAll)(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) throw new OutboundRefused("unresolvable", host);
  // One private address is enough to refuse: a name with a public and a private address could be steered to either.
  const allowed = policy.allowed;
  if (allowed !== true && addresses.some(({ address }) => !reachableAddress(address, allowed)))
    throw new OutboundRefused("private", host);
  return addresses;
}

/** The lookup the connection uses: the checked addresses are the ones connected to. */
export function guardedLookup(policy: OutboundPolicy = {}): LookupFunction {
  return (host, options, callback) => {
    checkedAddresses(host, policy).then(
      (addresses) => {
        const wanted = options.family === 6 || options.family === 4 ? options.family : undefined;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (options.all) return callback(null, usable);
        const first = usable[0];
        if (!first) return callback(new OutboundRefused("unresolvable", host), "", 4);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

/**
 * Sends one request and answers the response (its body not read yet). Rejects with an OutboundRefused when the host
 * may not be reached, otherwise with the socket's or the signal's error.
 */
export async function guardedRequest(
  url: URL,
  options: { method: string; headers?: OutgoingHttpHeaders; body?: string | Buffer; signal: AbortSignal },
  policy: OutboundPolicy = {},
): Promise<IncomingMessage> {
  // An IP literal is connected to without a lookup: it is checked here.
  if (literalAddress(url.hostname)) await checkedAddresses(url.hostname, policy);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: options.method,
      headers: options.headers,
      lookup: guardedLookup(policy),
      signal: options.signal,
      agent: false,
    });
    outgoing.on("response", resolve);
    // The lookup's refusal may reach here wrapped by the socket.
    outgoing.on("error", (error: Error & { cause?: unknown }) =>
      reject(error.cause instanceof OutboundRefused ? error.cause : error),
    );
    outgoing.end(options.body);
  });
}

/** A response's body up to maxBytes (declared or streamed); beyond it the response is dropped and tooLarge thrown. */
export async function readLimited(response: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
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
