import { DomainError, message } from "@turnleaf/kit";

const numericId = /^[0-9]{1,20}$/;

/** User and team ids are decimal strings (the legacy numeric ids of the specs). */
export function requireNumericId(field: string, value: string): string {
  if (!numericId.test(value)) {
    throw new DomainError("INVALID_ARGUMENT", message("field.wholeNumber", { field }), { details: { field } });
  }
  return value;
}
