import type { CodedMessage, Envelope, Logger, MessageCatalogue } from "@turnleaf/kit";
import { errorEnvelope, plainMessage, renderMessage } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** The message catalogues (set by registerEnvelope): `request.server.messageTexts.render(request, coded)`. */
    messageTexts?: MessageTexts;
  }
}

/** Where the catalogues come from: the language service's InterfaceLabelService (scope `messages`). */
export interface MessageCatalogueSource {
  getInterfaceLabels(request: { language: string; scope: string }): Promise<{ labels: Record<string, string> }>;
}

const tagPattern = /^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/;

/**
 * The interface language a request asks for: the most preferred tag of its Accept-Language header (the editor
 * sends its interface language there on every call). No header, or nothing usable in it, is "" — Chinese, the
 * default; the language service resolves the tag (en-US → en, an unknown one → Chinese).
 */
export function requestedLanguage(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const tags = value
    .slice(0, 500)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => weight > 0 && tagPattern.test(tag))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return tags[0]?.tag.toLowerCase() ?? "";
}

interface Cached {
  at: number;
  catalogue: Promise<MessageCatalogue | undefined>;
}

/**
 * The message catalogues, fetched from the language service once per language tag and kept for `ttlMs` (they
 * change only with a deployment). A language service that does not answer leaves the texts unrendered (the key
 * and parameters), logged, and is asked again on the next error.
 */
export class MessageTexts {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly source: MessageCatalogueSource,
    private readonly log: Pick<Logger, "warn">,
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  catalogueFor(tag: string): Promise<MessageCatalogue | undefined> {
    const cached = this.cache.get(tag);
    if (cached && this.now() - cached.at < this.ttlMs) return cached.catalogue;
    const catalogue = this.source.getInterfaceLabels({ language: tag, scope: "messages" }).then(
      (answer) => answer.labels as MessageCatalogue,
      (error: unknown) => {
        this.cache.delete(tag);
        this.log.warn({ err: error, language: tag }, "message catalogue unavailable: texts go out as their keys");
        return undefined;
      },
    );
    // Tags are few (12 languages and their regional forms); a flood of odd ones must not grow the map for ever.
    if (this.cache.size >= 100) this.cache.clear();
    this.cache.set(tag, { at: this.now(), catalogue });
    return catalogue;
  }

  /** The catalogue of the request's interface language. */
  forRequest(request: FastifyRequest): Promise<MessageCatalogue | undefined> {
    return this.catalogueFor(requestedLanguage(request.headers["accept-language"]));
  }

  /** One coded message in the request's interface language (warnings and other texts in OK answers). */
  async render(request: FastifyRequest, coded: CodedMessage): Promise<string> {
    const catalogue = await this.forRequest(request);
    return catalogue ? renderMessage(catalogue, coded) : plainMessage(coded);
  }
}

/** A coded text of an OK answer (a warning) in the request's interface language; its plain form without catalogues. */
export function renderForRequest(request: FastifyRequest, coded: CodedMessage): Promise<string> {
  const texts = (request.server as FastifyInstance).messageTexts;
  return texts ? texts.render(request, coded) : Promise.resolve(plainMessage(coded));
}

/** An error's envelope in the request's interface language, for routes that send a refusal themselves (404s, 403s). */
export async function errorEnvelopeFor(
  request: FastifyRequest,
  error: unknown,
): Promise<Envelope<Record<string, unknown>>> {
  const texts = (request.server as FastifyInstance).messageTexts;
  return errorEnvelope(error, texts ? await texts.forRequest(request) : undefined);
}

/**
 * The language a served page is written in: `?lang=` of its address, else the request's Accept-Language (none:
 * Chinese). The page's texts come from the messages catalogue of that language.
 */
export async function pageTexts(
  request: FastifyRequest,
  lang?: string,
): Promise<{ lang: string; text(coded: CodedMessage): string }> {
  const tag =
    lang && tagPattern.test(lang) ? lang.toLowerCase() : requestedLanguage(request.headers["accept-language"]);
  const texts = (request.server as FastifyInstance).messageTexts;
  const catalogue = texts ? await texts.catalogueFor(tag) : undefined;
  return {
    lang: tag || "zh-CN",
    text: (coded) => (catalogue ? renderMessage(catalogue, coded) : plainMessage(coded)),
  };
}
