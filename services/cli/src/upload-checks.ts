/**
 * What upload checks with the platform before it sends anything: that the account can pay for the book (spec 001
 * §4, confirmed when it cannot) and, for an overwrite, that the online book did not change since this project
 * last synced with it.
 */
import type { Cloud } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, exitCodes } from "./errors.js";
import { text } from "./i18n/text.js";
import type { Project } from "./project.js";
import { describeChanges, readOnline } from "./project-sync.js";
import { canPrompt, confirm } from "./prompt.js";

/** The upload options these checks read. */
interface CheckedOptions {
  publication?: boolean;
  overwrite?: string;
  /** Confirms an unpaid upload without asking. */
  yes?: boolean;
  /** Overwrites even when the online book changed since the last sync. */
  force?: boolean;
}

/**
 * Spec 001 §4 unpaid upload: before an upload the account's points or plan cannot pay for, the platform's warning
 * (the book is disabled 24 hours later) is shown and the upload goes on only when confirmed: `--yes`, or "y" on a
 * terminal; a script without `--yes` is refused before anything is sent. The standing is the power service's
 * (POST /api/book/check-upload); a free account's or a full quota's refusal is the server's.
 */
export async function confirmUnpaid(context: Context, cloud: Cloud, options: CheckedOptions): Promise<void> {
  const standing = await cloud.post<{ warning: { code: string; message: string } | null }>("/api/book/check-upload", {
    folderType: options.publication ? "2" : "1",
    ...(options.overwrite ? { bookId: options.overwrite } : {}),
  });
  if (!standing.warning) return;
  const warning = context.t("unpaidWarning", { message: standing.warning.message });
  if (options.yes) {
    context.note(warning);
    return;
  }
  if (canPrompt() && (await confirm(`${warning} ${context.t("unpaidQuestion")}`, false))) return;
  throw new CliError(text("unpaidRefused", { message: standing.warning.message }), exitCodes.invalidInput);
}

/**
 * Before an overwrite: the online book as it is now against what this project last synced with it. Changed since
 * (the editor, another machine): refused without --force, saying what changed; never overwritten silently.
 */
export async function checkOnlineUnchanged(
  context: Context,
  cloud: Cloud,
  project: Project,
  options: CheckedOptions,
): Promise<void> {
  const bookId = (options.overwrite ?? "").trim();
  const record = project.cloud?.[cloud.server];
  if (!record || record.bookId !== bookId) {
    context.note(context.t("syncOverwriteUnsynced", { bookId }));
    return;
  }
  const online = await readOnline(cloud, bookId);
  const changes = describeChanges(record.online, online.parts);
  if (changes.length === 0 || options.force) return;
  throw new CliError(text("syncChangedOnline", { bookId, changes: changes.join("; ") }), exitCodes.invalidInput);
}
