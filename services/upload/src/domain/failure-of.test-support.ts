import { DomainError } from "@turnleaf/kit";

/** The DomainError `action` throws (any other error is thrown on; none at all fails the test). */
export function failureOf(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}
