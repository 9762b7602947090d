import type { LicenceAnswer } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import { DomainError, internalFault, message, okEnvelope } from "@turnleaf/kit";
import { serverCodes } from "@turnleaf/licence-client";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { licenceAnswerView } from "../domain/licence-answer.view.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { fieldOf, type ValidationIssue } from "../plugins/envelope.js";

// Generous bounds: the service checks each field's form; these only keep junk out of the RPC.
const field = { type: "string", maxLength: 512 } as const;

function terminalSchema(extra: Record<string, typeof field> = {}) {
  return {
    body: {
      type: "object",
      properties: { licenceCode: field, terminalCode: field, nonce: field, ...extra },
    },
  } as const;
}

const offlineAnswerSchema = {
  body: { type: "object", required: ["requestFile"], properties: { requestFile: { type: "string", maxLength: 8192 } } },
} as const;

interface TerminalFields {
  licenceCode?: string;
  terminalCode?: string;
  nonce?: string;
  terminalLabel?: string;
  activationId?: string;
}

/** The licence, the terminal and the request that every licence path names (absent: empty). */
const terminalOf = (fields: TerminalFields) => ({
  licenceCode: fields.licenceCode ?? "",
  terminalCode: fields.terminalCode ?? "",
  nonce: fields.nonce ?? "",
});

/**
 * The desktop tool's licence paths (spec 001 §7 "register online by licence code and terminal code; download an
 * offline verification file"). Every refusal answers a server code of spec 001 §8 in `code` ("401" … "407"),
 * a malformed request included, so the desktop tool has one table to read.
 */
export function registerLicenceRoutes(app: FastifyInstance, peers: Peers): void {
  const caller = (request: FastifyRequest) => {
    let accountId = "";
    try {
      accountId = actorOf(request).userId;
    } catch {
      // The desktop tool may register without being logged in: the licence code is its credential.
    }
    return { clientAddress: request.ip, accountId };
  };
  const checked = (request: FastifyRequest): TerminalFields => {
    if (request.validationError) {
      const issue = request.validationError.validation[0];
      const field = issue ? fieldOf(issue as ValidationIssue) : "(body)";
      throw new DomainError("INVALID_ARGUMENT", message("licence.parameterError", { field }), {
        restCode: String(serverCodes.parameterError),
        details: { field, problem: request.validationError.message },
      });
    }
    return (request.body ?? {}) as TerminalFields;
  };
  const answered = (answer: LicenceAnswer | undefined) => {
    if (!answer) throw internalFault("licence service answered without a licence answer");
    return okEnvelope(licenceAnswerView(answer));
  };

  app.get("/api/licence/public-key", async () => okEnvelope(await peers.licence.getSigningKey({})));

  app.post(
    "/api/licence/register",
    { schema: terminalSchema({ terminalLabel: field }), attachValidation: true },
    async (request) => {
      const fields = checked(request);
      const who = caller(request);
      const { answer } = await peers.licence.register({
        ...terminalOf(fields),
        terminalLabel: fields.terminalLabel ?? "",
        caller: who,
      });
      // A signed-in licence holder gets the 5 free points once (spec 001 §6; the power service keeps it once-only).
      if (who.accountId !== "") {
        await peers.payments
          .grantLicencePoints({ userId: who.accountId })
          .catch((error: unknown) => request.log.warn({ err: error }, "licence holder's free points not granted"));
      }
      return answered(answer);
    },
  );

  app.post("/api/licence/status", { schema: terminalSchema(), attachValidation: true }, async (request) => {
    const fields = checked(request);
    const { answer } = await peers.licence.getStatus({
      ...terminalOf(fields),
      caller: caller(request),
    });
    return answered(answer);
  });

  app.post(
    "/api/licence/deactivate",
    { schema: terminalSchema({ activationId: field }), attachValidation: true },
    async (request) => {
      const fields = checked(request);
      const { answer } = await peers.licence.deactivate({
        ...terminalOf(fields),
        activationId: fields.activationId ?? "",
        caller: caller(request),
      });
      return answered(answer);
    },
  );

  app.post("/api/licence/offline-answer", { schema: offlineAnswerSchema, attachValidation: true }, async (request) => {
    checked(request);
    const { requestFile } = request.body as { requestFile: string };
    const { answer } = await peers.licence.registerOffline({ requestFile, caller: caller(request) });
    return answered(answer);
  });
}
