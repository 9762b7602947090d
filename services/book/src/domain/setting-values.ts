/**
 * How a setting's value reads, shared by the book settings (book-settings.ts) and the contact settings
 * (contact-settings.ts); a leaf module, so neither of those imports the other for it.
 */

/** Spec 000 §5: yes, show and true mean true (any case); anything else is false. */
export function parseBoolean(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  return ["yes", "show", "true"].includes(String(value).trim().toLowerCase());
}
