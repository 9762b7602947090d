/**
 * Failed unlock attempts of password-protected books, counted per book and per (book, client address): past a
 * free allowance each further failure doubles a wait before the next attempt is heard at all. A quiet window
 * forgets the count (each failure restarts the window). A 4-digit password then costs days instead of two minutes; a reader who mistypes a few
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

/** How long the next attempt waits after `failures` failures with this allowance (0 while within it). */
export function backoffMs(failures: number, allowance: number, settings: UnlockLimitSettings): number {
  if (failures < allowance) return 0;
  const doublings = Math.min(failures - allowance, 20);
  return Math.min(settings.baseBackoffMs * 2 ** doublings, settings.maxBackoffMs);
}
