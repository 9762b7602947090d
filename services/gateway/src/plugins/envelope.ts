import {
  catalogueCodes,
  DomainError,
  type Envelope,
  errorEnvelope,
  fieldProblem,
  holdsMessageText,
  type MessageCatalogue,
  message,
  messageEnvelope,
  renderMessageTexts,
} from "@turnleaf/kit";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { MessageTexts } from "./message-texts.js";

export interface ValidationIssue {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

export function fieldOf(issue: ValidationIssue): string {
  const missing = issue.params?.missingProperty;
  if (typeof missing === "string") return missing;
  return issue.instancePath.replace(/^\//, "") || "(body)";
}

/**
 * Fastify's `frameworkErrors`: errors the router raises before any route or error handler runs — a path parameter
 * that is not valid percent-encoding (400), one over the router's length limit (414). They answer the envelope with
 * their 4xx, like every other malformed request, instead of fastify's own `{error, message, statusCode}`.
 */
export function frameworkErrorAnswer(texts?: MessageTexts) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    const send = (catalogue: MessageCatalogue | undefined) =>
      reply
        .status(statusCode)
        .send(messageEnvelope("ERROR", catalogueCodes.requestException, catalogue) satisfies Envelope);
    if (texts) void texts.forRequest(request).then(send);
    else send(undefined);
  };
}

/** The framework errors' answer without catalogues (the text is the message key). */
export const answerFrameworkError = frameworkErrorAnswer();

/**
 * Every reply is an envelope. Application errors answer HTTP 200 (the editor reads `code`); malformed
 * requests keep their 4xx and server faults their 5xx, still with an envelope and never a stack trace.
 * Coded texts are rendered in the request's interface language (Accept-Language; Chinese by default) from the
 * language service's message catalogues; `data.messageKey`/`data.messageParams` carry the code itself.
 */
export function registerEnvelope(app: FastifyInstance, texts?: MessageTexts): void {
  if (texts) app.decorate("messageTexts", texts);
  const catalogueOf = async (request: FastifyRequest): Promise<MessageCatalogue | undefined> =>
    texts ? await texts.forRequest(request) : undefined;

  // Coded strings inside any reply (an upload task's message, a warning, a conversion failure) are rendered too.
  app.addHook("preSerialization", async (request, _reply, payload) => {
    if (!holdsMessageText(payload)) return payload;
    return renderMessageTexts(payload, await catalogueOf(request));
  });

  app.setErrorHandler(async (error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.kind === "INTERNAL") request.log.error({ err: error }, "peer failed");
      return reply.status(200).send(errorEnvelope(error, await catalogueOf(request)));
    }
    const validation = (error as FastifyError).validation as ValidationIssue[] | undefined;
    if (validation) {
      // Each field's coded text (rendered below like every coded string of a reply); the validator's own wording is
      // English and stays out of the answer.
      const errors = validation.map((issue) => {
        const field = fieldOf(issue);
        return fieldProblem(
          field,
          message(issue.keyword === "required" ? "field.required" : "field.invalid", { field }),
        );
      });
      const catalogue = await catalogueOf(request);
      return reply.status(200).send(messageEnvelope("ERROR", catalogueCodes.requestException, catalogue, { errors }));
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode >= 500) request.log.error({ err: error }, "request failed");
    const coded = statusCode >= 500 ? catalogueCodes.unknownError : catalogueCodes.requestException;
    return reply.status(statusCode).send(messageEnvelope("ERROR", coded, await catalogueOf(request)));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const coded = message("noSuchPath", { path: request.url.slice(0, 200) });
    return reply.status(404).send(messageEnvelope("ERROR", coded, await catalogueOf(request)));
  });
}
