import { createHash } from "node:crypto";
import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { leaveMessagePluginName } from "./book-settings.js";

/** Readers' messages (BookLeaveMessage plugin): limits of one message and of one poster. */
export const commentLimits = {
  name: 40,
  message: 500,
  pageSize: 20,
  /** Messages one client address may post to one book per window (each post restarts the window). */
  perWindow: 5,
  windowMs: 10 * 60_000,
} as const;

export const commentTexts = {
  nameRequired: message("comment.nameRequired"),
  messageRequired: message("comment.messageRequired"),
  nameTooLong: message("comment.nameTooLong", { max: commentLimits.name }),
  messageTooLong: message("comment.messageTooLong", { max: commentLimits.message }),
  pluginOff: message("comment.pluginOff"),
  tooMany: message("comment.tooMany"),
  notFound: message("comment.notFound"),
} as const;

// Control and format characters (C0, C1, DEL, bidi overrides, zero-width spaces, BOM) could disguise the text; the
// zero-width joiner stays because emoji sequences need it. Line breaks of a message are kept, tabs become spaces.
const controls = /(?!\u200d)[\p{Cc}\p{Cf}]/gu;

export function stripControls(text: string, keepNewlines: boolean): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .split("\n")
    .map((line) => line.replace(controls, ""));
  return lines.join(keepNewlines ? "\n" : " ");
}

/** The name and message as stored: control characters removed, trimmed, required and within their limits. */
export function commentFields(raw: { name: string; message: string }): { name: string; message: string } {
  const name = stripControls(raw.name, false).trim();
  const message = stripControls(raw.message, true).trim();
  if (!name) throw invalid(commentTexts.nameRequired, "name");
  if ([...name].length > commentLimits.name) throw invalid(commentTexts.nameTooLong, "name");
  if (!message) throw invalid(commentTexts.messageRequired, "message");
  if ([...message].length > commentLimits.message) throw invalid(commentTexts.messageTooLong, "message");
  return { name, message };
}

/** Whether the book's plugins (as stored, JSON list) include BookLeaveMessage. */
export function leaveMessageOn(pluginsJson: string | undefined): boolean {
  try {
    const plugins: unknown = JSON.parse(pluginsJson || "[]");
    return (
      Array.isArray(plugins) &&
      plugins.some((plugin) => (plugin as { name?: unknown } | null)?.name === leaveMessagePluginName)
    );
  } catch {
    return false;
  }
}

/** The client address is kept only as a hash scoped to the book, enough to count its posts. */
export function posterKey(bookId: string, client: string): string {
  return createHash("sha256").update(`${bookId}\n${client}`).digest("hex").slice(0, 32);
}

/** The refusal of a post past the poster's allowance in the window. */
export function tooManyPosts(): DomainError {
  return new DomainError("RATE_LIMITED", commentTexts.tooMany, {
    details: { limit: commentLimits.perWindow, windowSeconds: commentLimits.windowMs / 1000 },
  });
}

/** A 1-based page number within reason. */
export function pageOf(page: number): number {
  return Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1;
}

function invalid(text: CodedMessage, field: string) {
  return new DomainError("INVALID_ARGUMENT", text, { details: { field } });
}
