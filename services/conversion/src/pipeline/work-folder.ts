import { mkdtemp, readdir, rm, stat, utimes } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Logger } from "@turnleaf/kit/logger";

/**
 * A conversion service process's folder in the temporary folder (not a job's own folder, `turnleaf-conversion-…`
 * without `work-`, as the desktop CLI's imports make them: a sweep never takes those).
 */
export const workFolderPrefix = "turnleaf-conversion-work-";

export interface WorkFolder {
  /** Where this process's jobs download their sources (each job in a folder of its own inside). */
  path: string;
  /** Marks the folder as in use now and removes other processes' stale folders. */
  refresh(): Promise<void>;
  /** Stops refreshing and removes the folder (its jobs are over). */
  close(): Promise<void>;
}

/**
 * The names of the folders in `entries` that a live process would have touched within `staleMs`: a process killed
 * mid-job (an OOM kill, a deploy) cannot remove its sources, and in a pod its /tmp outlives it.
 */
export function staleFolders(
  entries: readonly { name: string; modifiedAtMs: number }[],
  own: string,
  nowMs: number,
  staleMs: number,
): string[] {
  return entries
    .filter((entry) => entry.name.startsWith(workFolderPrefix) && entry.name !== own)
    .filter((entry) => nowMs - entry.modifiedAtMs > staleMs)
    .map((entry) => entry.name);
}

/**
 * Makes this process's work folder in `tmpDir` and keeps it fresh: its time is touched every `staleMs / 5` (at most
 * a minute), so another process sweeping the same folder (replicas on one machine share /tmp) never takes it.
 */
export async function openWorkFolder(options: { tmpDir: string; staleMs: number; log: Logger }): Promise<WorkFolder> {
  const { tmpDir, staleMs, log } = options;
  const path = await mkdtemp(join(tmpDir, workFolderPrefix));
  const own = basename(path);

  const sweep = async () => {
    const now = Date.now();
    const entries = await readdir(tmpDir, { withFileTypes: true });
    const folders = await Promise.all(
      entries
        .filter((entry) => entry.isDirectory() && entry.name.startsWith(workFolderPrefix))
        .map(async (entry) => {
          const modifiedAtMs = await stat(join(tmpDir, entry.name)).then(
            (stats) => stats.mtimeMs,
            () => now,
          );
          return { name: entry.name, modifiedAtMs };
        }),
    );
    for (const name of staleFolders(folders, own, now, staleMs)) {
      await rm(join(tmpDir, name), { recursive: true, force: true });
      log.info({ folder: name }, "removed a stopped process's conversion files");
    }
  };
  const refresh = async () => {
    const now = new Date();
    await utimes(path, now, now);
    await sweep();
  };

  await sweep();
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      running = refresh().catch((error: unknown) => log.warn({ err: error }, "conversion work folder refresh failed"));
    },
    Math.min(60_000, staleMs / 5),
  );
  timer.unref();
  return {
    path,
    refresh,
    async close() {
      clearInterval(timer);
      await running;
      await rm(path, { recursive: true, force: true });
    },
  };
}
