import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * The gateway's one rate-limit mechanism (#33): rate-limiter-flexible's counters behind a small interface. A key
 * (a client address) spends points (a beacon its events) within a fixed window; a refused request spends nothing,
 * so a smaller one still fits what is left, and the answer says when the window ends (Retry-After). The counters
 * live in the gateway's memory: the busiest paths cannot afford a store round trip per request, and a replica's
 * own share of a flood is refused by it alone.
 */
export interface RateLimit {
  take(key: string, points: number): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

export function memoryRateLimit(options: { points: number; windowSeconds: number }): RateLimit {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.windowSeconds });
  return {
    async take(key, points) {
      try {
        await limiter.consume(key, points);
        return { allowed: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        // The library counts a refused consume; it is given back, so the refusal costs the client nothing.
        await limiter.reward(key, points);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}
