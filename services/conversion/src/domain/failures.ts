/**
 * Why a job failed, in the words the user sees (spec 001 §6 messages). A JobFailure is final: the job is not
 * retried, its revision is removed and a FAILED progress event carries the message.
 */
export const failureMessages = {
  incorrectPassword: "Incorrect Password!",
  pdf: (reason: string) => `PDF conversion failed: ${reason}`,
  image: "image conversion failed",
  someFiles: "some files could not be converted",
} as const;

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
