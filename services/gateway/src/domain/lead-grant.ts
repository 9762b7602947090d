import type { BookLock } from "./book-grant.js";
import { grantLifetimeSeconds, grantValid, issueGrant } from "./book-grant.js";

/**
 * A reader's grant to the pages a required lead form holds (#33 finding 5): a cookie the gateway signs once the
 * reader's lead is stored, like a password's grant (book-grant.ts) but signed over a name of its own, so neither
 * grant opens what the other holds. Without it a form that may not be skipped holds its page and every page after
 * it, their text and the search index, exactly as a password lock does.
 */
export const leadCookieName = (link: string) => `tl_lead_${link}`;

export { grantLifetimeSeconds as leadGrantLifetimeSeconds };

const leadVersion = "lead";
const signedName = (link: string) => `lead/${link}`;

export function issueLeadGrant(secret: string, link: string, nowSeconds: number): string {
  return issueGrant(secret, signedName(link), leadVersion, nowSeconds);
}

export function leadGrantValid(secret: string, link: string, token: string | undefined, nowSeconds: number): boolean {
  return grantValid(secret, signedName(link), token, nowSeconds, [leadVersion]);
}

/** The part of a book's lead form that decides whether it holds pages. */
export interface LeadFormFacts {
  enabled: boolean;
  skippable: boolean;
  beforePage: number;
  fields: readonly unknown[];
}

/** The lock a lead form puts on pages: a form that is on, has fields and may not be skipped holds its page on. */
export function leadLock(form: LeadFormFacts | undefined | null): BookLock | null {
  if (!form?.enabled || form.skippable || form.fields.length === 0) return null;
  return { mode: "lead", hint: "", fromPage: Math.max(form.beforePage, 1) };
}

/** The lock a reader meets: the password's and the lead form's together (the earlier page wins, the password's mode). */
export function combinedLock(password: BookLock | null, lead: BookLock | null): BookLock | null {
  if (!password || !lead) return password ?? lead;
  return { ...password, fromPage: Math.min(password.fromPage, lead.fromPage) };
}
