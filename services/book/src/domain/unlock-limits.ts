/**
 * Failed unlock attempts of password-protected books, counted per book and per (book, client address): past a
 * free allowance each further failure doubles a wait before the next attempt is heard at all. A quiet window
 * forgets the count. A 4-digit password then costs days instead of two minutes; a reader who mistypes a few
 * times is never held up.
 */
export interface UnlockLimitSettings {
  /** Failures from one client address at one book before the backoff starts. */
  perClient: number;
  /** Failures at one book, from every address together, before the backoff starts for everyone. */
  perBook: number;
  /** The first wait once past an allowance; each further failure doubles it. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** A key quiet this long starts again from zero. */
  windowMs: number;
}

export const defaultUnlockLimits: UnlockLimitSettings = {
  perClient: 5,
  perBook: 50,
  baseBackoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  windowMs: 60 * 60_000,
};

/** When the next attempt may be heard after `failures` failures with this allowance (now when within it). */
export function blockedUntilAfter(failures: number, allowance: number, settings: UnlockLimitSettings, now: Date): Date {
  if (failures < allowance) return now;
  const doublings = Math.min(failures - allowance, 20);
  const wait = Math.min(settings.baseBackoffMs * 2 ** doublings, settings.maxBackoffMs);
  return new Date(now.getTime() + wait);
}

/** Seconds until the latest of the blocks ends; 0 when none is running. */
export function retryAfterSeconds(blocks: readonly (Date | undefined)[], now: Date): number {
  const latest = Math.max(0, ...blocks.map((block) => (block ? block.getTime() - now.getTime() : 0)));
  return Math.ceil(latest / 1000);
}
