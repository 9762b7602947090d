/** #rgb → #rrggbb, anything unreadable → black (the colour input needs the long form). */
export function longColour(value: unknown): string {
  const text = String(value ?? "").trim();
  if (/^#[0-9a-f]{6}/i.test(text)) return text.slice(0, 7).toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return "#000000";
}

/** A number field's text as its value, or undefined while it is empty, unreadable or out of range. */
export function numberInRange(text: string, min: number, max: number): number | undefined {
  const number = Number(text);
  return text !== "" && Number.isFinite(number) && number >= min && number <= max ? number : undefined;
}

/** A multiple choice after checking or unchecking one option, in the options' order. */
export function toggledChoice<Value>(
  options: readonly { value: Value }[],
  chosen: readonly string[],
  option: Value,
  checked: boolean,
): Value[] {
  return options
    .filter((candidate) => (candidate.value === option ? checked : chosen.includes(String(candidate.value))))
    .map((candidate) => candidate.value);
}
