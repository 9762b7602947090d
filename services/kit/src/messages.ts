/**
 * Coded messages: what a service tells a person travels as a stable catalogue key and its parameters, never as a
 * sentence. The gateway renders it in the request's interface language from the language service's `messages`
 * catalogues (services/language/src/labels/messages/<code>.json); see /work/notes/messages.md.
 */

import { formatMessage } from "@turnleaf/resource-files/message-format";

/** A parameter naming another catalogue entry, rendered in the same language (e.g. a feature's name). */
export interface MessageRef {
  key: string;
}

export type MessageParam = string | number | MessageRef;
export type MessageParams = Record<string, MessageParam>;

export interface CodedMessage {
  key: string;
  params: MessageParams;
}

/** Keys are camelCase words with optional dots (`featureBlocked`, `feature.LOGO`): safe in gRPC metadata and JSON. */
const keyPattern = /^[A-Za-z][A-Za-z0-9_.]{0,79}$/;

/** A coded message: `message("featureBlocked", { feature: ref("feature.LOGO") })`. */
export function message(key: string, params: MessageParams = {}): CodedMessage {
  if (!keyPattern.test(key)) throw new Error(`not a message key: ${key}`);
  return { key, params };
}

/** A parameter rendered from the catalogue rather than shown as it is. */
export function ref(key: string): MessageRef {
  return { key };
}

export function isCodedMessage(value: unknown): value is CodedMessage {
  if (typeof value !== "object" || value === null) return false;
  const { key, params } = value as Partial<CodedMessage>;
  return typeof key === "string" && keyPattern.test(key) && typeof params === "object" && params !== null;
}

/** How a coded message reads in logs and where no catalogue answers: its key and parameters. */
export function plainMessage({ key, params }: CodedMessage): string {
  const shown = Object.entries(params).map(
    ([name, value]) => `${name}=${typeof value === "object" ? `@${value.key}` : String(value)}`,
  );
  return shown.length > 0 ? `${key} (${shown.join(", ")})` : key;
}

/** A catalogue: message key → ICU MessageFormat text (`{name}` placeholders, `{count, plural, …}` where a count shows). */
export type MessageCatalogue = Readonly<Record<string, string>>;

/**
 * The text of a coded message in one catalogue, filled by the one ICU formatter (`formatMessage`): a reference
 * parameter is looked up in the same catalogue first; a key the catalogue lacks reads as the plain message, a
 * missing parameter stays `{name}`. `locale` picks plural rules (English when not given).
 */
export function renderMessage(catalogue: MessageCatalogue, coded: CodedMessage, locale?: string): string {
  const template = catalogue[coded.key];
  if (template === undefined) return plainMessage(coded);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(coded.params)) {
    values[name] = typeof value === "object" ? (catalogue[value.key] ?? value.key) : value;
  }
  return formatMessage(template, values, locale);
}

/** The wire form of turnleaf.common.v1.CodedMessage (proto fields beside a plain `message` string). */
export interface CodedMessageWire {
  key: string;
  paramsJson: string;
}

export function codedToWire(coded: CodedMessage): CodedMessageWire {
  return { key: coded.key, paramsJson: JSON.stringify(coded.params) };
}

/** A coded message from its wire form; undefined when none was sent (an older peer) or it does not parse. */
export function codedFromWire(wire: CodedMessageWire | undefined): CodedMessage | undefined {
  if (!wire?.key) return undefined;
  try {
    const params: unknown = wire.paramsJson ? JSON.parse(wire.paramsJson) : {};
    const coded = { key: wire.key, params };
    return isCodedMessage(coded) ? coded : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A coded message inside a plain string field (an upload task's message, a conversion failure, a proto `message`):
 * a marker character then its JSON. The gateway renders every such string of a reply in the request's interface
 * language before it is sent, so no field needs a proto change to carry a translatable text.
 */
const textMarker = "\u0001";

export function messageText(coded: CodedMessage): string {
  return `${textMarker}${JSON.stringify(coded)}`;
}

/** The coded message a string field holds; undefined for a plain text. */
export function codedOfText(text: string): CodedMessage | undefined {
  if (!text.startsWith(textMarker)) return undefined;
  try {
    const parsed: unknown = JSON.parse(text.slice(textMarker.length));
    return isCodedMessage(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a value (a reply about to be serialised) holds any coded string, at any depth. */
export function holdsMessageText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.startsWith(textMarker);
  if (depth > 12 || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => holdsMessageText(item, depth + 1));
  return Object.values(value).some((item) => holdsMessageText(item, depth + 1));
}

/** A copy of a reply with every coded string rendered from `catalogue` (or in its plain form without one). */
export function renderMessageTexts<T>(value: T, catalogue: MessageCatalogue | undefined, depth = 0): T {
  if (typeof value === "string") {
    const coded = codedOfText(value);
    if (!coded) return value;
    return (catalogue ? renderMessage(catalogue, coded) : plainMessage(coded)) as T;
  }
  if (depth > 12 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => renderMessageTexts(item, catalogue, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, renderMessageTexts(item, catalogue, depth + 1)]),
  ) as T;
}

/** What to store in a string field for an error's text: its coded form when it has one. */
export function storedText(error: { message: string; coded?: CodedMessage | undefined }): string {
  return error.coded ? messageText(error.coded) : error.message;
}
