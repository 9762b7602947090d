import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ReadyConfigSchema } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { TeamMember, User } from "@turnleaf/contracts/power/v1/power_service_pb";
import { catalogueCodes, DomainError, fieldProblem, message } from "@turnleaf/kit";
import type { BookDocument } from "../data/book.schema.js";
import { ownerIdProblems } from "./owner-ids.js";

const bookNumber = /^[A-Za-z0-9_-]{1,64}$/;

export interface ReadyConfigQuery {
  userId: string;
  teamId: string;
  folderId: string;
  number: string;
}

/** Checks the query's shapes; empty team and folder mean "0" (spec 000 §2 defaults). */
export function normaliseReadyConfigQuery(query: ReadyConfigQuery): ReadyConfigQuery {
  const normalised = {
    userId: query.userId,
    teamId: query.teamId || "0",
    folderId: query.folderId || "0",
    number: query.number,
  };
  const problems: { field: string; message: string }[] = [];
  problems.push(...ownerIdProblems(normalised));
  if (normalised.number !== "" && !bookNumber.test(normalised.number)) {
    problems.push(fieldProblem("number", message("field.invalid", { field: "number" })));
  }
  if (problems.length > 0) {
    throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, { details: { errors: problems } });
  }
  return normalised;
}

/**
 * A user may open a book they own, or a team book of the team they act in (role checks arrive with the
 * power codes). Any other book answers "not found" so that book numbers cannot be probed.
 */
export function mayOpenBook(book: BookDocument, query: ReadyConfigQuery, member: TeamMember | undefined): boolean {
  if (book.ownerId === query.userId && book.teamId === query.teamId) return true;
  return query.teamId !== "0" && member !== undefined && book.teamId === query.teamId;
}

export function buildReadyConfig(input: {
  query: ReadyConfigQuery;
  user: User;
  owner: User;
  book: BookDocument | undefined;
  member: TeamMember | undefined;
}): MessageInitShape<typeof ReadyConfigSchema> {
  const { query, user, owner, book, member } = input;
  return {
    bookId: book?.bookId ?? "",
    bookLogo: owner.bookLogo,
    bookLogoLink: owner.bookLogoLink,
    bookWebsite: owner.bookWebsite,
    defaultTem: {
      html5Tem: book?.html5Tem ?? "",
      html5Theme: book?.html5Theme ?? "",
      html5PhoneTem: book?.html5PhoneTem ?? "",
    },
    folderId: book?.folderId ?? query.folderId,
    folderType: book?.folderType ?? 1,
    ownerId: owner.userId,
    ownerULink: owner.uLink,
    ownerUType: owner.uType,
    teamId: query.teamId,
    uEmail: user.email,
    uLink: user.uLink,
    uType: user.uType,
    userId: user.userId,
    website: user.website,
    verifyPhone: user.verifyPhone,
    number: book?.number ?? "",
    roleId: member?.roleId ?? "0",
    roleName: member?.roleName ?? "",
  };
}
