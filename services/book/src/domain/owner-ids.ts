import { fieldProblem, message } from "@turnleaf/kit";

const numericId = /^[0-9]{1,20}$/;

/** The problems of a request's user, team and folder ids, in that order: each must be a whole number. */
export function ownerIdProblems(ids: { userId: string; teamId: string; folderId: string }) {
  return (["userId", "teamId", "folderId"] as const)
    .filter((field) => !numericId.test(ids[field]))
    .map((field) => fieldProblem(field, message("field.wholeNumber", { field })));
}
