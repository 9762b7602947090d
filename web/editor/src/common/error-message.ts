import { ApiError } from "../api.js";
import type { Labels } from "../labels.js";

/** A refused panel save as one line: the server's message and, for an uncoded one, its field errors. */
export const messageOf = (error: unknown, labels: Labels) => {
  if (!(error instanceof Error)) return labels.saveError;
  const data = error instanceof ApiError ? (error.data as { errors?: { path?: string; message: string }[] }) : null;
  const details = data?.errors;
  // A coded message is already the whole text in the interface language; its English details would only repeat it.
  if (!details?.length || (data as { messageKey?: string }).messageKey) return error.message;
  return `${error.message}: ${details.map((detail) => (detail.path ? `${detail.path} ${detail.message}` : detail.message)).join("; ")}`;
};
