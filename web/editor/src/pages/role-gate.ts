import type { GateRefusal } from "../editor/server-truth.js";

/**
 * Spec 000 §6 team role rule for page edits, before sending: a role that holds neither book-edit code (selfKey
 * BOOK_EDIT_SELF, otherKey BOOK_EDIT_OTHER) may edit no book of the team, whoever wrote it. A role holding one of
 * them is left to the server, which knows the book's author. The refusal is the server's own coded message.
 */
export const bookEditCodes = ["BOOK_EDIT_SELF", "BOOK_EDIT_OTHER"] as const;

export function pageEditRefusal(teamId: string, powers: readonly string[] | undefined): GateRefusal | undefined {
  if (teamId === "" || teamId === "0" || powers === undefined) return undefined;
  if (bookEditCodes.some((code) => powers.includes(code))) return undefined;
  return {
    feature: "edit book settings",
    source: "role",
    messageKey: "featureBlocked",
    messageParams: { feature: { key: "feature.editBookSettings" } },
  };
}
