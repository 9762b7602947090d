const dayMs = 24 * 60 * 60 * 1000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a moment, YYYY-MM-DD: the statistics' bucket key. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isDay(value: string): boolean {
  return (
    dayPattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && dayOf(Date.parse(value)) === value
  );
}

/** Every day from `from` to `to` inclusive; at most `limit` of them (the newest kept), none when `from` is later. */
export function daysBetween(from: string, to: string, limit = 400): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days: string[] = [];
  for (let ms = Math.max(start, end - (limit - 1) * dayMs); ms <= end; ms += dayMs) days.push(dayOf(ms));
  return days;
}

/** The range a request names, defaulting to the last 30 days up to today. */
export function rangeOf(from: string, to: string, nowMs: number): { from: string; to: string } {
  const today = dayOf(nowMs);
  const end = isDay(to) ? to : today;
  const start = isDay(from) ? from : dayOf(Date.parse(`${end}T00:00:00Z`) - 29 * dayMs);
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}
