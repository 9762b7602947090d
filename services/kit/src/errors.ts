import { status as GrpcStatus, Metadata, type ServiceError } from "@grpc/grpc-js";
import {
  type CodedMessage,
  codedOfText,
  isCodedMessage,
  type MessageCatalogue,
  type MessageParams,
  message,
  messageText,
  plainMessage,
  renderMessage,
} from "./messages.js";

/**
 * The one error-mapping table: every domain error kind, the gRPC status it travels as between services,
 * and the REST envelope code the gateway answers with (spec 000 §8). A DomainError may carry a more
 * specific REST code from the catalogue (e.g. BOOK_UPLOAD_OVER_LIMIT, licence codes 402/404/406/407).
 */
export const errorTable = {
  INVALID_ARGUMENT: { grpc: GrpcStatus.INVALID_ARGUMENT, rest: "ERROR" },
  NOT_FOUND: { grpc: GrpcStatus.NOT_FOUND, rest: "ERROR" },
  ALREADY_EXISTS: { grpc: GrpcStatus.ALREADY_EXISTS, rest: "ERROR" },
  CONFLICT: { grpc: GrpcStatus.ABORTED, rest: "ERROR" },
  FAILED_PRECONDITION: { grpc: GrpcStatus.FAILED_PRECONDITION, rest: "ERROR" },
  PERMISSION_DENIED: { grpc: GrpcStatus.PERMISSION_DENIED, rest: "ERROR" },
  UNAUTHENTICATED: { grpc: GrpcStatus.UNAUTHENTICATED, rest: "LOGIN_SIGNOUT" },
  SESSION_EXPIRED: { grpc: GrpcStatus.UNAUTHENTICATED, rest: "LOGIN_TIMEOUT" },
  QUOTA_EXCEEDED: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, rest: "BOOK_UPLOAD_OVER_LIMIT" },
  RATE_LIMITED: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, rest: "ERROR" },
  UNAVAILABLE: { grpc: GrpcStatus.UNAVAILABLE, rest: "ERROR" },
  DEADLINE_EXCEEDED: { grpc: GrpcStatus.DEADLINE_EXCEEDED, rest: "ERROR" },
  INTERNAL: { grpc: GrpcStatus.INTERNAL, rest: "ERROR" },
} as const satisfies Record<string, { grpc: GrpcStatus; rest: string }>;

export type ErrorKind = keyof typeof errorTable;

/** Catalogue texts (spec 000 §8) used when an error has no message of its own (English; logs and old callers). */
export const catalogueMessages = {
  networkError: "network error, refresh and retry or contact support",
  requestException: "request exception",
  unknownError: "unknown error",
} as const;

/** The same three as coded messages (keys of the language service's `messages` catalogues). */
export const catalogueCodes = {
  networkError: message("networkError"),
  requestException: message("requestException"),
  unknownError: message("unknownError"),
} as const;

/**
 * A fault of the system itself (a peer answering without what it must, an impossible state): the client sees the
 * generic coded text of every internal error; the detail rides in `details.fault` for the logs only (the envelope
 * drops an internal error's details).
 */
export function internalFault(detail: string, cause?: unknown): DomainError {
  return new DomainError("INTERNAL", catalogueCodes.unknownError, { details: { fault: detail }, cause });
}

/** A part this deployment does not run (no file store, no conversion queue): a coded text, not a sentence. */
export function notConfigured(part: string): DomainError {
  return new DomainError("UNAVAILABLE", message("notConfigured"), { details: { part } });
}

/**
 * One entry of a malformed request's `details.errors`: the field and its coded text, a string the gateway renders in
 * the interface language like every coded string of a reply.
 */
export function fieldProblem(field: string, coded: CodedMessage): { field: string; message: string } {
  return { field, message: messageText(coded) };
}

export interface DomainErrorOptions {
  /** A catalogue code that replaces the kind's REST code in the envelope. */
  restCode?: string;
  /** Structured detail safe to show to the client (field errors, current activations ...). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An error a client can act on; anything else thrown by a handler is an internal error. Its text is a coded
 * message (`new DomainError("PERMISSION_DENIED", message("featureBlocked", { feature: ref("feature.LOGO") }))`),
 * which the gateway renders in the request's interface language; a plain string is an untranslated text (older
 * code, or text meant for logs only) and reaches clients as it is.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly restCode: string;
  readonly details: Record<string, unknown> | undefined;
  /** The catalogue key and parameters of the text, when the error has one. */
  readonly coded: CodedMessage | undefined;

  constructor(kind: ErrorKind, given: string | CodedMessage, options: DomainErrorOptions = {}) {
    // A string field holding a coded message (messageText) is that coded message.
    const text = typeof given === "string" ? (codedOfText(given) ?? given) : given;
    super(typeof text === "string" ? text : plainMessage(text), { cause: options.cause });
    this.name = "DomainError";
    this.kind = kind;
    this.restCode = options.restCode ?? errorTable[kind].rest;
    this.details = options.details;
    this.coded = typeof text === "string" ? undefined : text;
  }

  /** The message key, when the text is coded (what tests and callers compare instead of a sentence). */
  get messageKey(): string | undefined {
    return this.coded?.key;
  }

  get messageParams(): MessageParams | undefined {
    return this.coded?.params;
  }
}

const metadataKeys = {
  kind: "turnleaf-error-kind",
  restCode: "turnleaf-rest-code",
  details: "turnleaf-error-details-bin",
  message: "turnleaf-error-message-bin",
} as const;

const kindByGrpcStatus = new Map<GrpcStatus, ErrorKind>(
  (Object.entries(errorTable) as [ErrorKind, { grpc: GrpcStatus }][])
    .filter(([kind]) => kind !== "SESSION_EXPIRED" && kind !== "RATE_LIMITED" && kind !== "CONFLICT")
    .map(([kind, row]) => [row.grpc, kind]),
);
kindByGrpcStatus.set(GrpcStatus.ABORTED, "CONFLICT");

function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === "string" && value in errorTable;
}

/** Server side: the status object grpc-js sends for a handler failure. Unknown errors hide their message. */
export function toGrpcError(error: unknown): Partial<ServiceError> {
  const metadata = new Metadata();
  if (error instanceof DomainError) {
    metadata.set(metadataKeys.kind, error.kind);
    metadata.set(metadataKeys.restCode, error.restCode);
    if (error.details) metadata.set(metadataKeys.details, Buffer.from(JSON.stringify(error.details)));
    if (error.coded) metadata.set(metadataKeys.message, Buffer.from(JSON.stringify(error.coded)));
    return { code: errorTable[error.kind].grpc, details: error.message, metadata };
  }
  metadata.set(metadataKeys.kind, "INTERNAL");
  metadata.set(metadataKeys.message, Buffer.from(JSON.stringify(catalogueCodes.unknownError)));
  return { code: GrpcStatus.INTERNAL, details: catalogueMessages.unknownError, metadata };
}

function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).code === "number" && "metadata" in error;
}

/** Client side: turns a grpc-js failure back into the DomainError the server raised (or a transport one). */
function sentMessage(metadata: Metadata): CodedMessage | undefined {
  const sent = metadata.get(metadataKeys.message)[0];
  if (!Buffer.isBuffer(sent)) return undefined;
  try {
    const parsed: unknown = JSON.parse(sent.toString("utf8"));
    return isCodedMessage(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function fromGrpcError(error: unknown, peer: string): DomainError {
  if (error instanceof DomainError) return error;
  if (!isServiceError(error)) {
    return new DomainError("INTERNAL", catalogueCodes.unknownError, { cause: error });
  }
  const sentKind = error.metadata.get(metadataKeys.kind)[0];
  const sentRestCode = error.metadata.get(metadataKeys.restCode)[0];
  const sentDetails = error.metadata.get(metadataKeys.details)[0];
  if (isErrorKind(sentKind)) {
    return new DomainError(sentKind, sentMessage(error.metadata) ?? error.details, {
      restCode: typeof sentRestCode === "string" ? sentRestCode : undefined,
      details: Buffer.isBuffer(sentDetails)
        ? (JSON.parse(sentDetails.toString("utf8")) as Record<string, unknown>)
        : undefined,
      cause: error,
    });
  }
  // No kind header: the failure happened in transport (peer down, deadline), not in the peer's handler.
  const kind = kindByGrpcStatus.get(error.code) ?? "INTERNAL";
  // The transport's own words (grpc-js, English) stay in the cause, for the logs.
  const text =
    kind === "UNAVAILABLE" || kind === "DEADLINE_EXCEEDED"
      ? message("serviceUnavailable", { peer })
      : catalogueCodes.unknownError;
  return new DomainError(kind, text, { cause: error });
}

/** The REST reply envelope every gateway path answers with (spec 000 §7). */
export interface Envelope<Data = unknown> {
  code: string;
  data: Data | null;
  msg: string;
  status: string;
  mess: string;
}

export function okEnvelope<Data>(data: Data): Envelope<Data> {
  return { code: "OK", data, msg: "", status: "1", mess: "" };
}

/**
 * Maps any error to the envelope; internal errors never leak their message or stack. A coded text is rendered
 * from `catalogue` (the request's interface language) and its key and parameters ride in `data` (`messageKey`,
 * `messageParams`) beside the error's details, so a client can tell messages apart without reading sentences.
 */
export function errorEnvelope(error: unknown, catalogue?: MessageCatalogue): Envelope<Record<string, unknown>> {
  const domainError = error instanceof DomainError ? error : undefined;
  const code = domainError?.restCode ?? "ERROR";
  const internal = !domainError || domainError.kind === "INTERNAL";
  const coded = internal ? catalogueCodes.unknownError : domainError.coded;
  if (!coded) {
    const msg = domainError?.message ?? catalogueMessages.unknownError;
    return { code, data: domainError?.details ?? null, msg, status: "0", mess: msg };
  }
  const msg = catalogue
    ? renderMessage(catalogue, coded)
    : internal
      ? catalogueMessages.unknownError
      : plainMessage(coded);
  const data = { ...(internal ? {} : domainError?.details), messageKey: coded.key, messageParams: coded.params };
  return { code, data, msg, status: "0", mess: msg };
}

/** An envelope for a coded message that is not an error object (framework refusals, malformed requests). */
export function messageEnvelope(
  code: string,
  coded: CodedMessage,
  catalogue?: MessageCatalogue,
  details?: Record<string, unknown>,
): Envelope<Record<string, unknown>> {
  const msg = catalogue ? renderMessage(catalogue, coded) : plainMessage(coded);
  return {
    code,
    data: { ...details, messageKey: coded.key, messageParams: coded.params },
    msg,
    status: "0",
    mess: msg,
  };
}
