import { okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { readyConfigView } from "../domain/ready-config.view.js";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";

const wholeNumber = { type: "string", pattern: "^[0-9]{1,20}$" } as const;
const bookNumber = { type: "string", pattern: "^[A-Za-z0-9_-]{0,64}$" } as const;

/** Spec 000 §7: teamId, folderId and number come as query parameters or form fields (form wins). */
const readyConfigSchema = {
  querystring: {
    type: "object",
    properties: { teamId: wholeNumber, folderId: wholeNumber, number: bookNumber },
  },
  body: {
    type: ["object", "null"],
    properties: { teamId: wholeNumber, folderId: wholeNumber, number: bookNumber },
  },
} as const;

interface ReadyConfigFields {
  teamId?: string;
  folderId?: string;
  number?: string;
}

export function registerBookRoutes(
  app: FastifyInstance,
  peers: Peers,
  resolveActor: (request: FastifyRequest) => Actor,
): void {
  app.post<{ Querystring: ReadyConfigFields; Body: ReadyConfigFields | null }>(
    "/api/book/get-ready-config",
    { schema: readyConfigSchema },
    async (request) => {
      const actor = resolveActor(request);
      const fields = { ...request.query, ...(request.body ?? {}) };
      const { readyConfig } = await peers.book.getReadyConfig({
        userId: actor.userId,
        teamId: fields.teamId ?? "0",
        folderId: fields.folderId ?? "0",
        number: fields.number ?? "",
      });
      if (!readyConfig) throw new Error("book service answered without a ready config");
      return okEnvelope(readyConfigView(readyConfig));
    },
  );
}
