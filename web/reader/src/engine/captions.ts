/**
 * Page-number captions (spec 001 "Page-number captions"): what the reader shows for a page instead of its plain
 * number. The setting is a list of `range:caption` entries separated by semicolons, e.g.
 * `1-2:Cover;3-6:i+;7-:1+` (covers, then roman front matter, then arabic numbers from 1).
 *
 * - A range is `n`, `n-m`, or `n-` (to the end). The first entry whose range holds the page wins; pages no entry
 *   covers show their own number.
 * - "Number plus": a caption of a number and `+` counts up from it over the range: `1+` (arabic), `i+` / `I+`
 *   (lower / upper roman, e.g. `iv+`).
 * - Macros: `N`, `R` or `r` standing alone in the caption, optionally followed by a start number, become the
 *   page's count in arabic, upper or lower roman (`Appendix R1` → Appendix I, II, …; `A-N5` →, …).
 *   Without a start number they count from 1.
 * - Anything else is shown as written for every page of the range.
 */
export interface CaptionRule {
  from: number;
  /** Inclusive; Infinity for an open range. */
  to: number;
  caption: string;
}

export function parseCaptions(setting: string | null | undefined): CaptionRule[] {
  if (!setting) return [];
  const rules: CaptionRule[] = [];
  for (const entry of setting.split(";")) {
    const colon = entry.indexOf(":");
    if (colon < 0) continue;
    const range = /^\s*(\d+)\s*(?:(-)\s*(\d+)?)?\s*$/.exec(entry.slice(0, colon));
    const caption = entry.slice(colon + 1).trim();
    if (!range || !caption) continue;
    const from = Number(range[1]);
    const to = range[2] ? (range[3] ? Number(range[3]) : Number.POSITIVE_INFINITY) : from;
    if (from < 1 || to < from) continue;
    rules.push({ from, to, caption });
  }
  return rules;
}

const romanDigits: [number, string][] = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** Upper-case roman numeral of 1–3999; other numbers stay arabic. */
export function toRoman(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 3999) return String(value);
  let rest = value;
  let out = "";
  for (const [amount, digits] of romanDigits) {
    while (rest >= amount) {
      out += digits;
      rest -= amount;
    }
  }
  return out;
}

/** The value of a roman numeral (either case), or NaN when it is not one written canonically. */
export function fromRoman(text: string): number {
  const upper = text.toUpperCase();
  if (!/^[MDCLXVI]+$/.test(upper)) return Number.NaN;
  let value = 0;
  let rest = upper;
  for (const [amount, digits] of romanDigits) {
    while (rest.startsWith(digits)) {
      value += amount;
      rest = rest.slice(digits.length);
    }
  }
  return rest === "" && toRoman(value) === upper ? value : Number.NaN;
}

/** The caption of one page (numbered from 1) under the rules. */
export function captionFor(rules: readonly CaptionRule[], page: number): string {
  const rule = rules.find((candidate) => page >= candidate.from && page <= candidate.to);
  if (!rule) return String(page);
  const offset = page - rule.from;
  const plus = /^(\d+|[ivxlcdm]+|[IVXLCDM]+)\+$/.exec(rule.caption);
  if (plus) {
    const start = plus[1] as string;
    if (/^\d+$/.test(start)) return String(Number(start) + offset);
    const value = fromRoman(start);
    if (Number.isFinite(value)) {
      const roman = toRoman(value + offset);
      return start === start.toLowerCase() ? roman.toLowerCase() : roman;
    }
  }
  return rule.caption.replace(/(?<![\p{L}\d])([NRr])(\d*)(?![\p{L}])/gu, (_match, macro: string, digits: string) => {
    const value = (digits ? Number(digits) : 1) + offset;
    if (macro === "N") return String(value);
    return macro === "R" ? toRoman(value) : toRoman(value).toLowerCase();
  });
}

/** What a spread's pages are called: one caption, or the first and last joined by an en dash. */
export function spreadCaption(rules: readonly CaptionRule[], pages: readonly number[]): string {
  const first = pages[0] ?? 1;
  const last = pages[pages.length - 1] ?? first;
  const a = captionFor(rules, first);
  const b = captionFor(rules, last);
  return a === b ? a : `${a}–${b}`;
}
