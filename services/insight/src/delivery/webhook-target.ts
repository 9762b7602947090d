import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateAddress, literalAddress } from "@turnleaf/kit";

/** Why a webhook address may not be called: its host is (or resolves to) a private address, or resolves to nothing. */
export class WebhookTargetRefused extends Error {
  constructor(
    readonly reason: "private" | "unresolvable",
    readonly host: string,
  ) {
    super(reason === "private" ? `refused: ${host} is a private address` : `refused: ${host} cannot be resolved`);
    this.name = "WebhookTargetRefused";
  }
}

type Resolve = (host: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Every address the host has, refused when one of them is private (unless allowed) or there is none. */
async function publicAddresses(host: string, allowPrivate: boolean, resolve: Resolve): Promise<LookupAddress[]> {
  const literal = literalAddress(host);
  if (literal) {
    if (!allowPrivate && isPrivateAddress(literal)) throw new WebhookTargetRefused("private", host);
    return [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new WebhookTargetRefused("unresolvable", host);
  }
  if (addresses.length === 0) throw new WebhookTargetRefused("unresolvable", host);
  // One private address is enough to refuse: a name with a public and a private address could be steered to either.
  if (!allowPrivate && addresses.some(({ address }) => isPrivateAddress(address)))
    throw new WebhookTargetRefused("private", host);
  return addresses;
}

/** Checks a webhook address when the owner sets it (the delivery checks again, against DNS changes since). */
export async function checkWebhookTarget(url: string, allowPrivate: boolean, resolve = resolveAll): Promise<void> {
  await publicAddresses(new URL(url).hostname, allowPrivate, resolve);
}

/**
 * The lookup the delivery's connection uses: the checked addresses are the ones connected to, so a name cannot
 * answer a public address to the check and a private one to the connection (DNS rebinding).
 */
function guardedLookup(allowPrivate: boolean, resolve: Resolve): LookupFunction {
  return (host, options, callback) => {
    publicAddresses(host, allowPrivate, resolve).then(
      (addresses) => {
        const wanted = options.family === 6 || options.family === 4 ? options.family : undefined;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (options.all) return callback(null, usable);
        const first = usable[0];
        if (!first) return callback(new WebhookTargetRefused("unresolvable", host), "", 4);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

/**
 * POSTs one delivery: no redirects followed (a 3xx is an answer like any other), a time limit on the whole
 * exchange, and the private-network check on the very addresses connected to. Answers the status code.
 */
export async function postWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  resolve?: Resolve;
}): Promise<number> {
  const url = new URL(input.url);
  const resolve = input.resolve ?? resolveAll;
  // An IP literal is connected to without a lookup: it is checked here.
  const literal = literalAddress(url.hostname);
  if (literal) await publicAddresses(literal, input.allowPrivate, resolve);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const options: RequestOptions = {
    method: "POST",
    headers: { ...input.headers, "content-length": String(Buffer.byteLength(input.body)) },
    lookup: guardedLookup(input.allowPrivate, resolve),
    signal: AbortSignal.timeout(input.timeoutMs),
    agent: false,
  };
  return new Promise<number>((resolveStatus, reject) => {
    const outgoing = send(url, options, (response) => {
      response.resume();
      response.on("end", () => resolveStatus(response.statusCode ?? 0));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(input.body);
  });
}
