import { BookAccess, type BookPrivacy, PasswordMode } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { readyConfigView } from "../domain/ready-config.view.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { nonProductHost } from "../policies/features.js";
import { bookBodySchema, bookFormSchema } from "./schemas.js";

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

export function registerBookRoutes(app: FastifyInstance, peers: Peers): void {
  app.post<{ Querystring: ReadyConfigFields; Body: ReadyConfigFields | null }>(
    "/api/book/get-ready-config",
    { schema: readyConfigSchema },
    async (request) => {
      const actor = actorOf(request);
      const fields = { ...request.query, ...(request.body ?? {}) };
      const { readyConfig } = await peers.book.getReadyConfig({
        userId: actor.userId,
        teamId: fields.teamId ?? "0",
        folderId: fields.folderId ?? "0",
        number: fields.number ?? "",
      });
      if (!readyConfig) throw new Error("book service answered without a ready config");
      return okEnvelope(readyConfigView(readyConfig, { nonProductHost: nonProductHost(request) }));
    },
  );
}

const privacySchema = bookFormSchema(
  {
    access: { type: "string", enum: ["public", "password", "private"] },
    mode: { type: "string", enum: ["single", "users"] },
    hint: { type: "string", maxLength: 200 },
    fromPage: { type: "string", pattern: "^[0-9]{1,5}$" },
    password: { type: "string", maxLength: 64 },
    // JSON: [{name, password}] — an empty password keeps the user's stored one.
    users: { type: "string", maxLength: 100_000 },
    // The revision get-book-privacy answered: a save over settings changed since answers SAVE_CONFLICT.
    revision: { type: "string", pattern: "^[0-9]{1,9}$" },
  },
  ["access"],
);

interface PrivacyFields {
  bookId: string;
  access: "public" | "password" | "private";
  mode?: "single" | "users";
  hint?: string;
  fromPage?: string;
  password?: string;
  users?: string;
  revision?: string;
}

const accessOf = { public: BookAccess.PUBLIC, password: BookAccess.PASSWORD, private: BookAccess.PRIVATE } as const;
const accessNames: Record<number, string> = {
  [BookAccess.PUBLIC]: "public",
  [BookAccess.PASSWORD]: "password",
  [BookAccess.PRIVATE]: "private",
};

function privacyView(privacy: BookPrivacy | undefined) {
  return {
    access: accessNames[privacy?.access ?? BookAccess.PUBLIC] ?? "public",
    mode: privacy?.mode === PasswordMode.USERS ? "users" : "single",
    hint: privacy?.hint ?? "",
    fromPage: privacy?.fromPage || 1,
    hasPassword: privacy?.hasPassword ?? false,
    userNames: privacy?.userNames ?? [],
    revision: privacy?.revision ?? 0,
  };
}

function parseUsers(text: string | undefined): { name: string; password: string }[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field: "users" } });
  }
  if (!Array.isArray(parsed))
    throw new DomainError("INVALID_ARGUMENT", message("field.jsonList", { field: "users" }), {
      details: { field: "users" },
    });
  return parsed.map((entry) => ({
    name: typeof entry?.name === "string" ? entry.name : "",
    password: typeof entry?.password === "string" ? entry.password : "",
  }));
}

/** Spec 001 §7 get-book-privacy / set-book-privacy: who may read a book (public, password-protected, private). */
export function registerBookPrivacyRoutes(app: FastifyInstance, peers: Peers): void {
  app.post<{ Body: { bookId: string } }>("/api/book/get-book-privacy", { schema: bookBodySchema }, async (request) => {
    const actor = actorOf(request);
    const { privacy } = await peers.book.getBookPrivacy({ userId: actor.userId, bookId: request.body.bookId });
    return okEnvelope(privacyView(privacy));
  });

  app.post<{ Body: PrivacyFields }>("/api/book/set-book-privacy", { schema: privacySchema }, async (request) => {
    const actor = actorOf(request);
    const fields = request.body;
    const { privacy } = await peers.book.setBookPrivacy({
      userId: actor.userId,
      bookId: fields.bookId,
      access: accessOf[fields.access],
      mode: fields.mode === "users" ? PasswordMode.USERS : PasswordMode.SINGLE,
      hint: fields.hint ?? "",
      fromPage: Number(fields.fromPage ?? 1),
      password: fields.password ?? "",
      users: parseUsers(fields.users),
      ...(fields.revision === undefined ? {} : { revision: Number(fields.revision) }),
    });
    return okEnvelope(privacyView(privacy));
  });
}
