import { status as GrpcStatus, Metadata, type ServiceError } from "@grpc/grpc-js";

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

/** Catalogue texts (spec 000 §8) used when an error has no message of its own. */
export const catalogueMessages = {
  networkError: "network error, refresh and retry or contact support",
  requestException: "request exception",
  unknownError: "unknown error",
} as const;

export interface DomainErrorOptions {
  /** A catalogue code that replaces the kind's REST code in the envelope. */
  restCode?: string;
  /** Structured detail safe to show to the client (field errors, current activations ...). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** An error a client can act on; anything else thrown by a handler is an internal error. */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly restCode: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "DomainError";
    this.kind = kind;
    this.restCode = options.restCode ?? errorTable[kind].rest;
    this.details = options.details;
  }
}

const metadataKeys = {
  kind: "turnleaf-error-kind",
  restCode: "turnleaf-rest-code",
  details: "turnleaf-error-details-bin",
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
    return { code: errorTable[error.kind].grpc, details: error.message, metadata };
  }
  metadata.set(metadataKeys.kind, "INTERNAL");
  return { code: GrpcStatus.INTERNAL, details: catalogueMessages.unknownError, metadata };
}

function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).code === "number" && "metadata" in error;
}

/** Client side: turns a grpc-js failure back into the DomainError the server raised (or a transport one). */
export function fromGrpcError(error: unknown, peer: string): DomainError {
  if (error instanceof DomainError) return error;
  if (!isServiceError(error)) {
    return new DomainError("INTERNAL", catalogueMessages.unknownError, { cause: error });
  }
  const sentKind = error.metadata.get(metadataKeys.kind)[0];
  const sentRestCode = error.metadata.get(metadataKeys.restCode)[0];
  const sentDetails = error.metadata.get(metadataKeys.details)[0];
  if (isErrorKind(sentKind)) {
    return new DomainError(sentKind, error.details, {
      restCode: typeof sentRestCode === "string" ? sentRestCode : undefined,
      details: Buffer.isBuffer(sentDetails)
        ? (JSON.parse(sentDetails.toString("utf8")) as Record<string, unknown>)
        : undefined,
      cause: error,
    });
  }
  // No kind header: the failure happened in transport (peer down, deadline), not in the peer's handler.
  const kind = kindByGrpcStatus.get(error.code) ?? "INTERNAL";
  const message =
    kind === "UNAVAILABLE" || kind === "DEADLINE_EXCEEDED"
      ? `${peer} service unavailable: ${catalogueMessages.networkError}`
      : error.details || catalogueMessages.unknownError;
  return new DomainError(kind, message, { cause: error });
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

/** Maps any error to the envelope; internal errors never leak their message or stack. */
export function errorEnvelope(error: unknown): Envelope<Record<string, unknown>> {
  const domainError = error instanceof DomainError ? error : undefined;
  const code = domainError?.restCode ?? "ERROR";
  const msg = domainError && domainError.kind !== "INTERNAL" ? domainError.message : catalogueMessages.unknownError;
  return { code, data: domainError?.details ?? null, msg, status: "0", mess: msg };
}
