/**
 * turnleaf update check (spec 001 §7 check for updates): asks the platform which version of the tool it publishes
 * (`GET /api/desktop/latest-version`) and compares it with this one. Exit 0 when up to date, 1 when a newer one is
 * published (scripts can test it), 'Network Error!' (75) when the platform cannot be reached.
 */
import { Cloud } from "./cloud.js";
import type { Context } from "./context.js";
import { UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { compareVersions, toolVersion } from "./version.js";

export interface UpdateOptions {
  action: string | undefined;
  server: string | undefined;
  json: boolean;
}

export async function update(context: Context, options: UpdateOptions): Promise<void> {
  if (options.action !== "check") throw new UsageError(text("updateUsage"));
  const cloud = await Cloud.open(context, options.server);
  const response = await cloud.fetch("/api/desktop/latest-version", { method: "GET" });
  const latest = (await cloud.envelope<{ version: string; download: string }>(response)).data;
  const current = toolVersion();
  const newer = compareVersions(latest.version, current) > 0;
  if (options.json) {
    context.print(
      JSON.stringify({ current, latest: latest.version, download: latest.download, updateAvailable: newer }),
    );
  } else if (newer) {
    context.print(context.t("updateAvailable", { current, latest: latest.version, download: latest.download }));
  } else {
    context.print(context.t("updateCurrent", { current }));
  }
  if (newer) process.exitCode = 1;
}
