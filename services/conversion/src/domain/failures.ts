/**
 * Why a job failed, in the words the user sees (spec 001 §6 messages). A JobFailure is final: the job is not
 * retried, its revision is removed and a FAILED progress event carries the message.
 */
export const failureMessages = {
  incorrectPassword: "Incorrect Password!",
  pdf: (reason: string) => `PDF conversion failed: ${reason}`,
  image: "image conversion failed",
  someFiles: "some files could not be converted",
  officeDamaged: (name: string) =>
    `document conversion failed: ${name} is damaged or is not a presentation or document that can be opened`,
  officeProtected: (name: string) =>
    `document conversion failed: ${name} is protected by a password: remove the password and upload it again`,
  officeTimeout: (name: string) => `document conversion failed: ${name} took too long to convert`,
  pdfTooLarge: (name: string) => `PDF conversion failed: ${name} is larger than 1 GB once converted`,
  tooManyPages: (name: string, pages: number) => `PDF conversion failed: ${name} has more than ${pages} pages`,
  /** The job's deliveries ran out without an answer (the worker was stopped or died each time). */
  attemptsExhausted: (attempts: number, what: string) =>
    `PDF conversion failed: ${what} stopped ${attempts} times without finishing (the conversion worker was lost)`,
  jobBudget: (seconds: number) => `PDF conversion failed: the book did not finish converting within ${seconds} s`,
  pageBudget: (page: number, seconds: number) =>
    `PDF conversion failed: page ${page} did not finish rendering within ${seconds} s`,
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
