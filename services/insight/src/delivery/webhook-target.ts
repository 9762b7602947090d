import { checkedAddresses, guardedRequest, type OutboundPolicy, OutboundRefused, type Resolve } from "@turnleaf/kit";

/**
 * The private networks webhooks may reach: all of them (`true`, on-premises), some (the deployment's CIDR blocks), or
 * none (undefined: the public internet only).
 */
export type PrivateTargets = OutboundPolicy["allowed"];

/**
 * Lead webhooks go out through the kit's guarded request (@turnleaf/kit outbound.ts): the host resolved once, every
 * address public unless the deployment allows private targets, the connection made to the checked addresses.
 */

/** Why a webhook address may not be called: its host is (or resolves to) a private address, or resolves to nothing. */
export const WebhookTargetRefused = OutboundRefused;
export type WebhookTargetRefused = OutboundRefused;

const policy = (allowed: PrivateTargets, resolve?: Resolve): OutboundPolicy => ({
  ...(allowed ? { allowed } : {}),
  ...(resolve ? { resolve } : {}),
});

/** Checks a webhook address when the owner sets it (the delivery checks again, against DNS changes since). */
export async function checkWebhookTarget(url: string, allowed: PrivateTargets, resolve?: Resolve): Promise<void> {
  await checkedAddresses(new URL(url).hostname, policy(allowed, resolve));
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
  privateTargets: PrivateTargets;
  resolve?: Resolve;
}): Promise<number> {
  const response = await guardedRequest(
    new URL(input.url),
    {
      method: "POST",
      headers: { ...input.headers, "content-length": String(Buffer.byteLength(input.body)) },
      body: input.body,
      signal: AbortSignal.timeout(input.timeoutMs),
    },
    policy(input.privateTargets, input.resolve),
  );
  return new Promise<number>((resolveStatus, reject) => {
    response.resume();
    response.on("end", () => resolveStatus(response.statusCode ?? 0));
    response.on("error", reject);
  });
}

/**
 * What a failed attempt records in the lead's delivery log: "refused" (the address may not be reached) or "failed"
 * (no answer: connection, TLS, time limit). Never the socket's error text, which names addresses and ports and would
 * tell an owner what listens inside the service's network.
 */
export function deliveryFailure(failure: unknown): "refused" | "failed" {
  return failure instanceof OutboundRefused ? "refused" : "failed";
}
