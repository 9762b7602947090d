import { catalogueMessages, DomainError, type Envelope, errorEnvelope } from "@turnleaf/kit";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(issue: ValidationIssue): string {
  const missing = issue.params?.missingProperty;
  if (typeof missing === "string") return missing;
  return issue.instancePath.replace(/^\//, "") || "(body)";
}

/**
 * Fastify's `frameworkErrors`: errors the router raises before any route or error handler runs — a path parameter
 * that is not valid percent-encoding (400), one over the router's length limit (414). They answer the envelope with
 * their 4xx, like every other malformed request, instead of fastify's own `{error, message, statusCode}`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const msg = catalogueMessages.requestException;
  reply.status(statusCode).send({ code: "ERROR", data: null, msg, status: "0", mess: msg } satisfies Envelope);
}

/**
 * Every reply is an envelope. Application errors answer HTTP 200 (the editor reads `code`); malformed
 * requests keep their 4xx and server faults their 5xx, still with an envelope and never a stack trace.
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.kind === "INTERNAL") request.log.error({ err: error }, "peer failed");
      return reply.status(200).send(errorEnvelope(error));
    }
    const validation = (error as FastifyError).validation as ValidationIssue[] | undefined;
    if (validation) {
      const errors = validation.map((issue) => ({ field: fieldOf(issue), message: issue.message ?? "is invalid" }));
      const envelope: Envelope = {
        code: "ERROR",
        data: { errors },
        msg: catalogueMessages.requestException,
        status: "0",
        mess: catalogueMessages.requestException,
      };
      return reply.status(200).send(envelope);
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode >= 500) request.log.error({ err: error }, "request failed");
    const msg = statusCode >= 500 ? catalogueMessages.unknownError : catalogueMessages.requestException;
    return reply.status(statusCode).send({ code: "ERROR", data: null, msg, status: "0", mess: msg } satisfies Envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    const envelope: Envelope = {
      code: "ERROR",
      data: null,
      msg: `no such path: ${request.url}`,
      status: "0",
      mess: "",
    };
    return reply.status(404).send(envelope);
  });
}
