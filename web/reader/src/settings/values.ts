/**
 * How htmlConfig values are read (booleans, numbers, 0–1 or 0–100 alphas, JSON, colours, URLs): a leaf module the
 * handlers and the features (brands, business card, ads) share.
 */

const truthy = new Set(["yes", "show", "true", "1"]);

export function asBoolean(value: unknown): boolean {
  return typeof value === "boolean" ? value : truthy.has(String(value).trim().toLowerCase());
}

export function asNumber(value: unknown): number | undefined {
  if (typeof value === "string" && value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A number held between `min` and `max`; undefined when the value is no number. */
export const asNumberWithin =
  (min: number, max: number) =>
  (value: unknown): number | undefined => {
    const number = asNumber(value);
    return number === undefined ? undefined : Math.min(Math.max(number, min), max);
  };

/** A whole number held between `min` and `max` (whole bounds); undefined when the value is no number. */
export const asWholeNumberWithin =
  (min: number, max: number) =>
  (value: unknown): number | undefined => {
    const number = asNumberWithin(min, max)(value);
    return number === undefined ? undefined : Math.round(number);
  };

/** An opacity written 0–1 or 0–100 (the settings tree uses both) as 0–1. */
export function asAlpha(value: unknown): number | undefined {
  const number = asNumber(value);
  if (number === undefined) return undefined;
  return Math.min(Math.max(number > 1 ? number / 100 : number, 0), 1);
}

/** JSON text, or the value itself when it already is an object; undefined when unreadable. */
export function asObject(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Only colours CSS can read without surprises go into styles: #rgb(a), #rrggbb(aa), rgb()/rgba()/hsl(), names. */
export function asColour(value: unknown): string | undefined {
  const text = String(value ?? "").trim();
  if (/^#[0-9a-f]{3,8}$/i.test(text) || /^(rgba?|hsla?)\([\d\s.,%/]+\)$/i.test(text) || /^[a-z]{3,20}$/i.test(text))
    return text;
  // The desktop tool writes colours as 0xRRGGBB.
  if (/^0x[0-9a-f]{6}$/i.test(text)) return `#${text.slice(2)}`;
  return undefined;
}

/** `#rrggbb` (or #rgb) with an alpha 0–1 as rgba(); other colours are returned as they are. */
export function withAlpha(colour: string, alpha: number): string {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex || alpha >= 1) return colour;
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt((hex as string).slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${Math.round(alpha * 100) / 100})`;
}

/** URLs that may reach src/href: http(s), protocol-relative, site-relative and data: images; never javascript:. */
export function asUrl(value: unknown): string | undefined {
  const text = String(value ?? "").trim();
  if (text === "") return "";
  if (/^(https?:)?\/\//i.test(text) || /^\/(?!\/)/.test(text) || /^data:image\//i.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return undefined;
  return text;
}
