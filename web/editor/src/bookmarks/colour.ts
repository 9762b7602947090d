/** A colour as the colour input takes it (#rrggbb); #rgb widened, anything else the fallback. */
export function longHex(value: string | undefined, fallback: string): string {
  const text = (value ?? "").trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  if (/^white$/i.test(text)) return "#ffffff";
  return fallback;
}
