import { randomBytes } from "node:crypto";
import { catalogueCodes, DomainError, fieldProblem, message } from "@turnleaf/kit";
import type { BookDocument } from "../data/book.schema.js";
import { firstConversion } from "./conversion-status.js";
import { ownerIdProblems } from "./owner-ids.js";

/** Spec 000 §1/§9 folder types: 1 book (counted against BOOK_FILE_NUM), 2 publication (PUB_BOOK_NUM). */
export const folderTypes = { book: 1, publication: 2 } as const;

export function isFolderType(value: number): value is 1 | 2 {
  return value === folderTypes.book || value === folderTypes.publication;
}
const taskId = /^[A-Za-z0-9_-]{8,64}$/;
const bookId = /^[A-Za-z0-9_-]{1,64}$/;

export interface UploadBookRequest {
  uploadTaskId: string;
  userId: string;
  teamId: string;
  folderId: string;
  title: string;
  keywords: string;
  description: string;
  bookId: string;
  /** The upload form's category: digits, "" none. */
  categoryId: string;
  /** Spec 000 folder type of a new book: 1 book, 2 publication; 0 (unset) is a book. */
  folderType: number;
}

/** Checks the request's shapes (every problem at once); empty team and folder mean "0". */
export function normaliseUploadBookRequest(request: UploadBookRequest): UploadBookRequest {
  const normalised = {
    ...request,
    teamId: request.teamId || "0",
    folderId: request.folderId || "0",
    title: request.title.trim(),
    categoryId: request.categoryId.trim(),
    folderType: request.folderType || folderTypes.book,
  };
  const problems: { field: string; message: string }[] = [];
  if (!taskId.test(normalised.uploadTaskId))
    problems.push(fieldProblem("uploadTaskId", message("field.required", { field: "uploadTaskId" })));
  problems.push(...ownerIdProblems(normalised));
  if (normalised.bookId !== "" && !bookId.test(normalised.bookId)) {
    problems.push(fieldProblem("bookId", message("field.invalid", { field: "bookId" })));
  }
  if (!/^[0-9]{0,20}$/.test(normalised.categoryId)) {
    problems.push(fieldProblem("categoryId", message("field.wholeNumber", { field: "categoryId" })));
  }
  if (!isFolderType(normalised.folderType))
    problems.push(fieldProblem("folderType", message("field.oneOf", { field: "folderType", allowed: "1, 2" })));
  if (normalised.bookId === "" && normalised.title === "")
    problems.push(fieldProblem("title", message("field.required", { field: "title" })));
  if (problems.length > 0) {
    throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, { details: { errors: problems } });
  }
  return normalised;
}

/** A user may upload a new revision of a book they own in the team they act in. */
export function mayReviseBook(book: BookDocument, request: UploadBookRequest): boolean {
  return book.ownerId === request.userId && book.teamId === request.teamId;
}

/** A fresh book id (24 hex digits, like the ids the rest of the platform uses) and public number. */
export function newBookIdentity(): { bookId: string; number: string } {
  return { bookId: randomBytes(12).toString("hex"), number: randomBytes(6).toString("base64url").toLowerCase() };
}

export function newUploadedBook(
  request: UploadBookRequest,
  identity: { bookId: string; number: string },
): BookDocument {
  return {
    bookId: identity.bookId,
    number: identity.number,
    ownerId: request.userId,
    teamId: request.teamId,
    folderId: request.folderId,
    folderType: request.folderType,
    title: request.title,
    keywords: request.keywords,
    description: request.description,
    categoryId: request.categoryId,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    ...firstConversion,
  };
}
