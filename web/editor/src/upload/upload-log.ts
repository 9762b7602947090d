import { ApiError, call } from "../api.js";

/**
 * Spec 000 §8: an upload that goes wrong is logged for support with add-upload-log (its reply is never shown).
 * Field names are the server's (A-Za-z0-9_.-), values cut to its 4000 characters.
 */
export function logUploadError(
  stage: "begin" | "send" | "convert" | "reconvert" | "resume" | "pause",
  error: unknown,
  context: { taskId?: string | undefined; files?: readonly File[] } = {},
): void {
  const cut = (text: string) => text.slice(0, 4000);
  const fields: Record<string, string> = {
    stage,
    code: error instanceof ApiError ? error.code : "CLIENT",
    message: cut(error instanceof Error ? error.message : String(error)),
    page: cut(window.location.href),
    userAgent: cut(navigator.userAgent),
  };
  if (context.taskId) fields.taskId = context.taskId;
  if (context.files && context.files.length > 0) {
    fields.files = cut(context.files.map((file) => `${file.name} (${file.size} bytes)`).join(", "));
  }
  call("/api/other/add-upload-log", fields).catch(() => undefined);
}
