import { ApiError } from "./api.js";

/**
 * How the editor tries again what could not reach the server (a gateway restarting, a dropped connection): after
 * firstDelayMs, doubling up to maxDelayMs, at most `attempts` failures in a row before the network error shows.
 */
export interface RetryPolicy {
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** About 40 s of a server not answering (a restart takes a few seconds). */
export const reconnectPolicy: RetryPolicy = { attempts: 10, firstDelayMs: 500, maxDelayMs: 5_000 };

/** Waits before the next try after `failures` failures in a row (1 or more). */
export function waitToRetry(policy: RetryPolicy, failures: number): Promise<void> {
  const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - 1));
  return new Promise((resolve) => setTimeout(resolve, delay));
}

/** Makes `send` again after a failure `retriable` accepts, up to the policy's attempts or until `giveUp()` turns true. */
async function again<T>(
  send: () => Promise<T>,
  policy: RetryPolicy,
  retriable: (error: unknown) => boolean,
  giveUp: () => boolean,
): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await send();
    } catch (error) {
      if (!retriable(error) || failures > policy.attempts || giveUp()) throw error;
      await waitToRetry(policy, failures);
    }
  }
}

/**
 * A call made again while it does not reach the server (the network error, ApiError NETWORK), up to the policy's
 * attempts; any other answer, or `giveUp()` turning true, goes to the caller as it came.
 */
export function untilReached<T>(
  send: () => Promise<T>,
  policy: RetryPolicy = reconnectPolicy,
  giveUp: () => boolean = () => false,
): Promise<T> {
  return again(send, policy, (error) => error instanceof ApiError && error.code === "NETWORK", giveUp);
}

/** Spec 000 §7: a lazily loaded screen's code is waited for up to 120 000 ms before its error shows. */
export const chunkLoadTimeoutMs = 120_000;

/** Tries while the chunk load time lasts (`chunkLoadTimeoutMs`), at most 5 s apart. */
export const chunkPolicy: RetryPolicy = { attempts: Number.POSITIVE_INFINITY, firstDelayMs: 500, maxDelayMs: 5_000 };

/**
 * A screen's code (a dynamic import) imported again while it does not arrive (its chunk met a restarting gateway):
 * a failed import is not kept by the browser, so the next one fetches the chunk again; after `withinMs` (the
 * spec's 120 s) or the policy's attempts, the last failure goes to the screen's boundary.
 */
export function untilImported<T>(
  code: () => Promise<T>,
  policy: RetryPolicy = chunkPolicy,
  withinMs = chunkLoadTimeoutMs,
  now: () => number = Date.now,
): Promise<T> {
  const start = now();
  return again(
    code,
    policy,
    () => true,
    () => now() - start >= withinMs,
  );
}
