import { codedOfText, message, messageText, renderMessage } from "@turnleaf/kit";

/**
 * Why a job failed, in the words the user sees (spec 001 §6 messages). A JobFailure is final: the job is not
 * retried, its revision is removed and a FAILED progress event carries the message.
 */
export const failureMessages = {
  incorrectPassword: "Incorrect Password!",
  pdf: (reason: string) => `PDF conversion failed: ${reason}`,
  image: "image conversion failed",
  someFiles: "some files could not be converted",
  // Coded: the gateway words them in the reader's interface language (language service, messages catalogues).
  officeDamaged: (name: string) => messageText(message("conversion.officeDamaged", { file: name })),
  officeProtected: (name: string) => messageText(message("conversion.officeProtected", { file: name })),
  officeTimeout: (name: string) => messageText(message("conversion.officeTimeout", { file: name })),
  pdfTooLarge: (name: string) => `PDF conversion failed: ${name} is larger than 1 GB once converted`,
  tooManyPages: (name: string, pages: number) => `PDF conversion failed: ${name} has more than ${pages} pages`,
  /** The job's deliveries ran out without an answer (the worker was stopped or died each time). */
  attemptsExhausted: (attempts: number, what: string) =>
    `PDF conversion failed: ${what} stopped ${attempts} times without finishing (the conversion worker was lost)`,
  jobBudget: (seconds: number) => `PDF conversion failed: the book did not finish converting within ${seconds} s`,
  pageBudget: (page: number, seconds: number) =>
    `PDF conversion failed: page ${page} did not finish rendering within ${seconds} s`,
  pageMemory: (page: number, megabytes: number) =>
    messageText(message("conversion.pageMemory", { page: String(page), megabytes: String(megabytes) })),
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
  return `${failureMessages.someFiles}: ${failures.map((failure) => failure.name).join(", ")}`;
}

/** The English texts of the coded failures, as the `messages` catalogue's en.json has them (a test compares). */
export const failureTextsEnglish = {
  "conversion.officeDamaged":
    "document conversion failed: {file} is damaged or cannot be opened as a presentation or document",
  "conversion.officeProtected":
    "document conversion failed: {file} is protected by a password: remove the password and upload it again",
  "conversion.officeTimeout": "document conversion failed: {file} took too long to convert",
} as const;

/** A failure message in English, coded or not (for the desktop tool, which converts without the gateway). */
export function failureInEnglish(text: string): string {
  const coded = codedOfText(text);
  return coded ? renderMessage(failureTextsEnglish, coded) : text;
}
