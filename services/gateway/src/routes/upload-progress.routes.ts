import { Code, ConnectError, createContextKey, createContextValues } from "@connectrpc/connect";
import { fastifyConnectPlugin } from "@connectrpc/connect-fastify";
import { UploadProgressService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import {
  DomainError,
  type ErrorKind,
  errorEnvelope,
  holdsMessageText,
  type MessageCatalogue,
  renderMessageTexts,
} from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import type { Actor, ActorResolver } from "../plugins/actor.js";
import { requestedLanguage } from "../plugins/message-texts.js";

/**
 * The metadata key of a refusal's REST envelope code (LOGIN_SIGNOUT, LOGIN_TIMEOUT, ERROR …): the editor treats the
 * stream's refusal as it treats the same code from a REST path. An error without it did not come from this route
 * (a broken connection, a proxy), and the editor watches again.
 */
const refusalCodeHeader = "turnleaf-code";

const connectCodes: Record<ErrorKind, Code> = {
  INVALID_ARGUMENT: Code.InvalidArgument,
  NOT_FOUND: Code.NotFound,
  ALREADY_EXISTS: Code.AlreadyExists,
  CONFLICT: Code.Aborted,
  FAILED_PRECONDITION: Code.FailedPrecondition,
  PERMISSION_DENIED: Code.PermissionDenied,
  UNAUTHENTICATED: Code.Unauthenticated,
  SESSION_EXPIRED: Code.Unauthenticated,
  QUOTA_EXCEEDED: Code.ResourceExhausted,
  RATE_LIMITED: Code.ResourceExhausted,
  UNAVAILABLE: Code.Unavailable,
  DEADLINE_EXCEEDED: Code.DeadlineExceeded,
  INTERNAL: Code.Internal,
};

/** A refusal as the REST envelope words it, in the request's language (an internal fault: the generic text). */
function toConnectError(error: unknown, catalogue: MessageCatalogue | undefined): ConnectError {
  if (error instanceof ConnectError) return error;
  const envelope = errorEnvelope(error, catalogue);
  const code = error instanceof DomainError ? connectCodes[error.kind] : Code.Internal;
  return new ConnectError(envelope.msg ?? "", code, { [refusalCodeHeader]: envelope.code ?? "ERROR" });
}

const actorKey = createContextKey<Actor | undefined>(undefined, { description: "the acting user" });
const refusalKey = createContextKey<unknown>(undefined, { description: "why the request acts as no one" });
const languageKey = createContextKey("", { description: "the interface language (Accept-Language)" });

/**
 * The Connect stream UploadProgressService.WatchUpload: an upload's and then its conversion's progress, for the
 * signed-in owner of the task. Coded texts (a conversion's failure reason) and refusals are worded in the request's
 * interface language, as the REST envelope words them.
 */
export async function registerUploadProgressRoute(
  app: FastifyInstance,
  peers: Peers,
  resolveActor: ActorResolver,
): Promise<void> {
  await app.register(async (connectRoutes) => {
    connectRoutes.addHook("onRequest", refuseUnparsableHost);
    await connectRoutes.register(fastifyConnectPlugin, {
      // A stopping gateway (app.close() on SIGTERM) ends its streams at once: an open one kept the server open
      // until the process was killed after the grace period (5 s in the tests, each time one stopped a gateway
      // under an editor watching a conversion). The stream ends without a refusal code: the editor watches again.
      shutdownTimeoutMs: 0,
      shutdownError: new ConnectError("the gateway is stopping", Code.Unavailable),
      contextValues: (request) => {
        const values = createContextValues().set(languageKey, requestedLanguage(request.headers["accept-language"]));
        try {
          return values.set(actorKey, resolveActor(request));
        } catch (refusal) {
          return values.set(refusalKey, refusal);
        }
      },
      routes: (router) =>
        router.service(UploadProgressService, {
          async *watchUpload(request, context) {
            const catalogue = () => app.messageTexts?.catalogueFor(context.values.get(languageKey));
            try {
              const actor = context.values.get(actorKey);
              if (!actor) throw context.values.get(refusalKey);
              for await (const message of peers.uploadProgress.watchUpload(
                { taskId: request.taskId, userId: actor.userId },
                { signal: context.signal },
              )) {
                // A conversion's failure reason is a coded text: worded here, as the envelope does for REST replies.
                if (holdsMessageText(message.message))
                  message.message = renderMessageTexts(message.message, await catalogue());
                yield message;
              }
            } catch (error) {
              // Ended by the gateway stopping (shutdownError): no refusal of the route.
              if (context.signal.aborted && context.signal.reason instanceof ConnectError) throw context.signal.reason;
              throw toConnectError(error, await catalogue());
            }
          },
        }),
    });
  });
}

/**
 * Connect builds the request's URL from its Host header. An unparsable Host (`a b`) made that fail inside the route:
 * the error went to the console and the client got an empty 200. It is refused first, as a Connect error.
 */
async function refuseUnparsableHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (URL.canParse(request.url, `http://${request.headers.host ?? ""}`)) return;
  await reply.code(400).type("application/json").send({ code: "invalid_argument", message: "bad Host header" });
}
