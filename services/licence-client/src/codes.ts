/**
 * The client codes of spec 001 §8 the desktop tool shows when a licence answer or file fails verification, or
 * when the licence server cannot be reached. Server codes (401–407) arrive in the reply envelope's `code`.
 */
export const clientCodes = {
  terminalMismatch: 1,
  timestampError: 2,
  fileModified: 3,
  verificationFileNotFound: 4,
  verificationFileParseFailed: 5,
  networkError: 9,
  serverConnectionFailed: 10,
  licenceFileNotFound: 101,
  decryptFailed: 105,
  licenceCodeParseFailed: 106,
  licenceExpired: 107,
  licenceRevoked: 108,
} as const;

export type ClientCode = (typeof clientCodes)[keyof typeof clientCodes];

/** The server codes of spec 001 §8 a licence path of the gateway answers with (REST `code`). */
export const serverCodes = {
  parameterError: 401,
  licenceCodeError: 402,
  registerFailed: 403,
  activationLimitReached: 404,
  registerFailedRetryable: 405,
  alreadyUsed: 406,
  licenceExpired: 407,
} as const;

export type ServerCode = (typeof serverCodes)[keyof typeof serverCodes];

const serverCodeValues = new Set<number>(Object.values(serverCodes));

export function isServerCode(value: number): value is ServerCode {
  return serverCodeValues.has(value);
}

/** The message spec 001 §5 shows when the registration code field is empty. */
export const enterValidCodeMessage = "Please enter a valid registration code!";

/** A verification failure or a server refusal, with the spec's numeric code. */
export class LicenceError extends Error {
  readonly code: ClientCode | ServerCode;
  /** What the server sent with a refusal, e.g. the current activations with 404. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ClientCode | ServerCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "LicenceError";
    this.code = code;
    this.details = details;
  }
}
