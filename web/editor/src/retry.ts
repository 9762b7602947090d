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
