import type { CodedMessage } from "@turnleaf/kit/messages";
import { codedOfText, message, messageText, ref, renderMessage } from "@turnleaf/kit/messages";
import { readReasons } from "../render/read-reasons.js";

export { readReasons } from "../render/read-reasons.js";

/** The reason key an error's message holds; anything else (an internal fault) reads as "unknown error". */
function reasonOf(error: unknown): ReturnType<typeof ref> {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const key = codedOfText(text)?.key ?? text;
  return ref(/^conversion\.reason\.[a-z]+$/.test(key) ? key : readReasons.unknown);
}

const coded = (key: string, params: Parameters<typeof message>[1] = {}) => messageText(message(key, params));

/**
 * Why a job failed, in the words the user sees (spec 001 §8 messages). Every text is coded: the gateway words it
 * in the reader's interface language (language service, messages catalogues), the desktop tool in English. A
 * JobFailure is final: the job is not retried, its revision is removed and a FAILED progress event carries it.
 */
export const failureMessages = {
  incorrectPassword: coded("conversion.incorrectPassword"),
  /** A PDF source that cannot be read; `error`'s message holds a `readReasons` entry when the reason is known. */
  pdf: (file: string, error: unknown) => coded("conversion.pdfFailed", { file, reason: reasonOf(error) }),
  /** Pages of the book (a work item, a page) that failed to render. */
  pages: (pages: string, error: unknown) => coded("conversion.pagesFailed", { pages, reason: reasonOf(error) }),
  /** A failure whose cause is ours, not the file's (logged with its detail where it happens). */
  internal: coded("conversion.internalFailure"),
  noFiles: coded("conversion.noFiles"),
  noPages: coded("conversion.noPages"),
  pageRange: (range: string, pages: number) => coded("conversion.pageRange", { range, pages }),
  image: coded("conversion.imageFailed"),
  imageTooLarge: (name: string, maxPixels: number) =>
    coded("conversion.imageTooLarge", { file: name, max: maxPixels / 1_000_000 }),
  someFiles: (files: string[]) => coded("conversion.someFiles", { files: files.join(", ") }),
  officeDamaged: (name: string) => coded("conversion.officeDamaged", { file: name }),
  officeProtected: (name: string) => coded("conversion.officeProtected", { file: name }),
  officeTimeout: (name: string) => coded("conversion.officeTimeout", { file: name }),
  officeExternal: (name: string) => coded("conversion.officeExternal", { file: name }),
  officeTooLarge: (name: string, maxBytes: number) =>
    coded("conversion.officeTooLarge", { file: name, size: `${Math.round(maxBytes / 1024 / 1024)} MB` }),
  officePicture: (name: string, maxPixels: number) =>
    coded("conversion.officePicture", { file: name, max: maxPixels / 1_000_000 }),
  officeEps: (name: string) => coded("conversion.officeEps", { file: name }),
  pdfTooLarge: (name: string) => coded("conversion.pdfTooLarge", { file: name }),
  tooManyPages: (name: string, pages: number) => coded("conversion.tooManyPages", { file: name, pages }),
  /** The job's deliveries ran out without an answer (the worker was stopped or died each time). */
  attemptsExhausted: (attempts: number) => coded("conversion.workerLost", { attempts }),
  pagesAttemptsExhausted: (pages: string, attempts: number) => coded("conversion.pagesWorkerLost", { pages, attempts }),
  jobBudget: (seconds: number) => coded("conversion.jobBudget", { seconds }),
  pageBudget: (page: number, seconds: number) => coded("conversion.pageBudget", { page, seconds }),
  pageMemory: (page: number, megabytes: number) => coded("conversion.pageMemory", { page, megabytes }),
} as const;

/** The limits of an uploaded PDF (spec 000 §9), held to a PDF made from an Office document too. */
export const pdfLimits = { maxBytes: 1024 * 1024 * 1024, maxPages: 1000 } as const;

export class JobFailure extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = "JobFailure";
  }
}

/**
 * One message for a job whose sources failed. A wrong or missing password wins (the client asks for it again);
 * a single source keeps its own message; in a merge where some sources fail the message is "some files could
 * not be converted" followed by their names.
 */
export function combineFailures(
  failures: { name: string; message: string }[],
  sourceCount: number,
): string | undefined {
  if (failures.length === 0) return undefined;
  if (failures.some((failure) => failure.message === failureMessages.incorrectPassword)) {
    return failureMessages.incorrectPassword;
  }
  const first = failures[0] as { name: string; message: string };
  if (sourceCount === 1) return first.message;
  return failureMessages.someFiles(failures.map((failure) => failure.name));
}

/** The English texts of the coded failures, as the `messages` catalogue's en.json has them (a test compares). */
export const failureTextsEnglish = {
  "conversion.officeDamaged":
    "document conversion failed: {file} is damaged or cannot be opened as a presentation or document",
  "conversion.officeProtected":
    "document conversion failed: {file} is protected by a password: remove the password and upload it again",
  "conversion.officeTimeout": "document conversion failed: {file} took too long to convert",
  "conversion.officeExternal":
    "document conversion failed: {file} loads pictures, objects or fields from outside the document: embed them and upload it again",
  "conversion.officeTooLarge": "document conversion failed: {file} is larger than {size} once unpacked",
  "conversion.officePicture": "document conversion failed: {file} holds a picture larger than {max} megapixels",
  "conversion.officeEps":
    "document conversion failed: {file} holds an EPS or PostScript picture: replace it with PNG, JPEG or SVG and upload it again",
  "conversion.incorrectPassword": "Incorrect Password!",
  "conversion.pdfFailed": "PDF conversion failed: {file}: {reason}",
  "conversion.pagesFailed": "PDF conversion failed: pages {pages}: {reason}",
  "conversion.internalFailure": "PDF conversion failed: an internal error occurred, please convert the book again",
  "conversion.noFiles": "PDF conversion failed: no files to convert",
  "conversion.noPages": "PDF conversion failed: the files have no pages",
  "conversion.pageRange": "PDF conversion failed: the page range {range} does not fit the {pages} pages",
  "conversion.imageFailed": "image conversion failed",
  "conversion.imageTooLarge": "image conversion failed: {file} is larger than {max} megapixels",
  "conversion.someFiles": "some files could not be converted: {files}",
  "conversion.pdfTooLarge": "PDF conversion failed: {file} is larger than 1 GB once converted",
  "conversion.tooManyPages": "PDF conversion failed: {file} has more than {pages} pages",
  "conversion.workerLost":
    "PDF conversion failed: the conversion stopped {attempts} times without finishing (the conversion worker was lost)",
  "conversion.pagesWorkerLost":
    "PDF conversion failed: pages {pages} stopped {attempts} times without finishing (the conversion worker was lost)",
  "conversion.jobBudget": "PDF conversion failed: the book did not finish converting within {seconds} s",
  "conversion.pageBudget": "PDF conversion failed: page {page} did not finish rendering within {seconds} s",
  "conversion.reason.empty": "the file is empty",
  "conversion.reason.unknown": "unknown error",
  "conversion.reason.file": "file not found or could not be opened",
  "conversion.reason.format": "not a PDF or corrupted",
  "conversion.reason.security": "unsupported security scheme",
  "conversion.reason.page": "page not found or content error",
  "conversion.reason.missing": "file not found",
} as const;

/** A failure message in English, coded or not (for the desktop tool, which converts without the gateway). */
export function failureInEnglish(text: string): string {
  const codedText: CodedMessage | undefined = codedOfText(text);
  return codedText ? renderMessage(failureTextsEnglish, codedText) : text;
}
