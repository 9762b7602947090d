/**
 * turnleaf feedback "<text>" (spec 001 §2 feedback): the user's words, optionally a reply address and the tool's
 * log (`--logs`, as `logs export` writes it), sent to the platform (`POST /api/desktop/feedback`), which stores
 * them for support and answers the feedback's number. The platform's limits apply (its refusal is shown as it
 * words it); logged in or not.
 */
import { Cloud } from "./cloud.js";
import type { Context } from "./context.js";
import { UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { logReport } from "./logs.js";
import { toolVersion } from "./version.js";

export interface FeedbackOptions {
  message: string | undefined;
  email: string | undefined;
  logs: boolean;
  server: string | undefined;
  json: boolean;
}

export async function feedback(context: Context, options: FeedbackOptions): Promise<void> {
  const message = options.message?.trim() ?? "";
  if (!message) throw new UsageError(text("feedbackEmpty"));
  const cloud = await Cloud.open(context, options.server);
  const answer = await cloud.post<{ feedbackId: string }>("/api/desktop/feedback", {
    message,
    ...(options.email ? { email: options.email } : {}),
    ...(options.logs ? { log: await logReport(context) } : {}),
    version: toolVersion(),
    language: context.language,
  });
  if (options.json) context.print(JSON.stringify(answer));
  else context.print(context.t("feedbackSent", { id: answer.feedbackId }));
}
