/**
 * The JSON schema pieces the routes share (fastify validates every body and query with them; ajv never coerces
 * types, app.ts) and the TypeScript shape of the bodies they accept. A route's own fields stay in its file.
 */

/** A book id (also a book number or reader link): 1–64 letters, digits, `-`, `_`. */
export const bookIdField = { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" } as const;
/** The same rule for a `/b/<link>` path parameter, checked by hand (the reader's paths have no schema). */
export const linkPattern = /^[A-Za-z0-9_-]{1,64}$/;
/** A team id as the editor sends its `tid`: digits, or empty for none (as "0"). */
export const teamIdField = { type: "string", pattern: "^[0-9]{0,20}$" } as const;
/** A revision a client edited or a book revision: 1–9 digits. */
export const revisionField = { type: "string", pattern: "^[0-9]{1,9}$" } as const;
/** A UTC day `YYYY-MM-DD`, or empty for the default. */
export const dayField = { type: "string", pattern: "^(\\d{4}-\\d{2}-\\d{2})?$" } as const;

/**
 * The schema of a form about one book: `bookId` and the route's own fields, of which `required` names those the
 * route cannot do without.
 */
export function bookFormSchema<Properties extends Record<string, object>, Required extends string = never>(
  properties: Properties,
  required: readonly Required[] = [],
) {
  return {
    body: { type: "object", required: ["bookId", ...required], properties: { bookId: bookIdField, ...properties } },
  } as const;
}

/** A form of one required field, the book: `{bookId}`. */
export const bookBodySchema = bookFormSchema({});
/** The body `bookBodySchema` accepts. */
export interface BookBody {
  bookId: string;
}
