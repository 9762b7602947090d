import type { BookLanguage } from "@turnleaf/contracts/language/v1/language_service_pb";
import { DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import { type Actor, actorOf } from "../plugins/actor.js";
import { assertFeaturesGranted } from "../policies/features.js";
import { type BookBody, bookBodySchema, bookFormSchema } from "./schemas.js";

const codeField = { type: "string", minLength: 1, maxLength: 20 } as const;

// languages: JSON [{code, name?, checked?}]; isDefault is derived (the first checked language). revision: the one
// get-book-language answered (a save over a list changed since answers SAVE_CONFLICT); absent: last wins.
const saveSchema = bookFormSchema(
  { languages: { type: "string", maxLength: 20_000 }, revision: { type: "string", pattern: "^[0-9]{1,9}$" } },
  ["languages"],
);
const deleteSchema = bookFormSchema({ code: codeField }, ["code"]);
const labelsSchema = {
  querystring: {
    type: "object",
    properties: { lang: { type: "string", maxLength: 64 }, scope: { type: "string", maxLength: 20 } },
  },
} as const;

/** Spec 000 §5 boolean parsing (yes, show, true; and 1 as update-book's flags use it); unset means checked. */
function parseChecked(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1;
  return ["yes", "show", "true", "1"].includes(String(value).trim().toLowerCase());
}

/** The `languages` field: a JSON list of {code, name?, checked?}; broken JSON is 'Invalid JSON string'. */
function parseLanguages(text: string): { code: string; name: string; checked?: boolean }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field: "languages" } });
  }
  if (!Array.isArray(parsed)) {
    throw new DomainError("INVALID_ARGUMENT", message("language.notList"), { details: { field: "languages" } });
  }
  return parsed.map((entry: unknown) => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      throw new DomainError("INVALID_ARGUMENT", message("language.notObject"), {
        details: { field: "languages" },
      });
    }
    const { code, name, checked } = entry as Record<string, unknown>;
    const parsedChecked = parseChecked(checked);
    return {
      code: typeof code === "string" ? code : "",
      name: typeof name === "string" ? name : "",
      ...(parsedChecked === undefined ? {} : { checked: parsedChecked }),
    };
  });
}

function languagesView(bookId: string, languages: BookLanguage[], revision?: number) {
  return {
    bookId,
    languages: languages.map(({ code, name, checked, isDefault }) => ({ code, name, checked, isDefault })),
    ...(revision === undefined ? {} : { revision }),
  };
}

/**
 * Spec 000 §7 get/save/delete/reset-book-language and the interface label catalogues. The language service does
 * not own books: before answering or changing a book's languages the gateway asks the book service whether the
 * acting user owns the book (GetBookPrivacy answers "book not found" for another user's book or none).
 */
export function registerLanguageRoutes(app: FastifyInstance, peers: Peers): void {
  const ownedBook = async (request: FastifyRequest, bookId: string): Promise<Actor> => {
    const actor = actorOf(request);
    await peers.book.getBookPrivacy({ userId: actor.userId, bookId });
    return actor;
  };
  /** A change of the book's languages is the LANGUAGE gated feature (spec 000 §6): refused before anything is saved. */
  const ownedBookWithLanguages = async (request: FastifyRequest, bookId: string): Promise<Actor> => {
    const actor = await ownedBook(request, bookId);
    await assertFeaturesGranted(request, peers, actor, ["LANGUAGE"]);
    return actor;
  };

  app.post<{ Body: BookBody }>("/api/book/get-book-language", { schema: bookBodySchema }, async (request) => {
    const { bookId } = request.body;
    await ownedBook(request, bookId);
    const { languages, revision } = await peers.language.getBookLanguages({ bookId });
    return okEnvelope(languagesView(bookId, languages, revision));
  });

  app.post<{ Body: { bookId: string; languages: string; revision?: string } }>(
    "/api/book/save-book-language",
    { schema: saveSchema },
    async (request) => {
      const { bookId } = request.body;
      const inputs = parseLanguages(request.body.languages);
      const actor = await ownedBookWithLanguages(request, bookId);
      const sent = request.body.revision === undefined ? {} : { revision: Number(request.body.revision) };
      const { languages, revision } = await peers.language.saveBookLanguages({
        bookId,
        userId: actor.userId,
        languages: inputs,
        ...sent,
      });
      return okEnvelope(languagesView(bookId, languages, revision));
    },
  );

  app.post<{ Body: { bookId: string; code: string } }>(
    "/api/book/delete-book-language",
    { schema: deleteSchema },
    async (request) => {
      const { bookId, code } = request.body;
      const actor = await ownedBookWithLanguages(request, bookId);
      const { languages } = await peers.language.deleteBookLanguage({ bookId, userId: actor.userId, code });
      return okEnvelope(languagesView(bookId, languages));
    },
  );

  app.post<{ Body: BookBody }>("/api/book/reset-book-language", { schema: bookBodySchema }, async (request) => {
    const { bookId } = request.body;
    const actor = await ownedBookWithLanguages(request, bookId);
    const { languages } = await peers.language.resetBookLanguages({ bookId, userId: actor.userId });
    return okEnvelope(languagesView(bookId, languages));
  });

  // Public (the reader loads it before anyone logs in); unknown languages answer Chinese with fallback: true.
  // scope=editor answers the editor's own texts instead of the reader's (the default).
  app.get<{ Querystring: { lang?: string; scope?: string } }>(
    "/api/language/labels",
    { schema: labelsSchema },
    async (request, reply) => {
      const answer = await peers.labels.getInterfaceLabels({
        language: request.query.lang ?? "",
        scope: request.query.scope ?? "",
      });
      reply.header("cache-control", "public, max-age=300");
      return okEnvelope({
        lang: answer.language,
        requested: request.query.lang ?? "",
        fallback: answer.fallback,
        direction: answer.direction,
        scope: answer.scope,
        labels: answer.labels,
      });
    },
  );
}
