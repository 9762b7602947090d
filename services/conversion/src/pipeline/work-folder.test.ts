import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createLogger } from "@turnleaf/kit";
import { afterEach, describe, expect, it } from "vitest";
import { openWorkFolder, staleFolders, workFolderPrefix } from "./work-folder.js";

const log = createLogger({ service: "work-folder-test", level: "silent" });
const minute = 60_000;
const roots: string[] = [];

afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** A temporary folder standing for /tmp, with folders last touched the given minutes ago. */
async function tmpWith(folders: Record<string, number>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "work-folder-test-"));
  roots.push(root);
  for (const [name, minutesAgo] of Object.entries(folders)) {
    await mkdir(join(root, name, "job"), { recursive: true });
    await writeFile(join(root, name, "job", "source-0"), "%PDF-1.7");
    const at = new Date(Date.now() - minutesAgo * minute);
    await utimes(join(root, name), at, at);
  }
  return root;
}

describe("staleFolders", () => {
  it("names other conversion processes' folders untouched for longer than the stale time, never its own", () => {
    const now = 100 * minute;
    const entries = [
      { name: `${workFolderPrefix}own`, modifiedAtMs: 0 },
      { name: `${workFolderPrefix}dead`, modifiedAtMs: now - 11 * minute },
      { name: `${workFolderPrefix}live`, modifiedAtMs: now - 9 * minute },
      { name: "someone-else", modifiedAtMs: 0 },
    ];
    expect(staleFolders(entries, `${workFolderPrefix}own`, now, 10 * minute)).toEqual([`${workFolderPrefix}dead`]);
  });
});

describe("openWorkFolder", () => {
  it("removes a killed process's files at start and keeps a live process's, a CLI import's and other programs'", async () => {
    const root = await tmpWith({
      [`${workFolderPrefix}killed`]: 60,
      [`${workFolderPrefix}running`]: 1,
      // The desktop CLI's import of a long book: its job folder, made an hour ago.
      "turnleaf-conversion-AbC123": 60,
      "another-program": 60,
    });
    const folder = await openWorkFolder({ tmpDir: root, staleMs: 10 * minute, log });
    expect((await readdir(root)).sort()).toEqual(
      [basename(folder.path), `${workFolderPrefix}running`, "turnleaf-conversion-AbC123", "another-program"].sort(),
    );
    await folder.close();
  });

  it("keeps its own folder fresh for other processes' sweeps and removes it when closed", async () => {
    const root = await tmpWith({});
    const folder = await openWorkFolder({ tmpDir: root, staleMs: 10 * minute, log });
    const longAgo = new Date(Date.now() - 60 * minute);
    await utimes(folder.path, longAgo, longAgo);
    await folder.refresh();
    expect(Date.now() - (await stat(folder.path)).mtimeMs).toBeLessThan(minute);
    // A second process (a replica on the same machine) sweeping now leaves it.
    const other = await openWorkFolder({ tmpDir: root, staleMs: 10 * minute, log });
    expect((await readdir(root)).sort()).toEqual([basename(folder.path), basename(other.path)].sort());
    await folder.close();
    await other.close();
    expect(await readdir(root)).toEqual([]);
  });

  it("lets replicas starting at once sweep the same killed process's folder: it goes, all four start", async () => {
    const root = await tmpWith({ [`${workFolderPrefix}killed`]: 60 });
    const replicas = await Promise.all(
      Array.from({ length: 4 }, () => openWorkFolder({ tmpDir: root, staleMs: 10 * minute, log })),
    );
    expect((await readdir(root)).sort()).toEqual(replicas.map((replica) => basename(replica.path)).sort());
    await Promise.all(replicas.map((replica) => replica.refresh()));
    expect(await readdir(root)).toHaveLength(4);
    for (const replica of replicas) await replica.close();
  });

  it("sweeps again on each refresh: a folder left by a process that stopped since is removed", async () => {
    const root = await tmpWith({});
    const folder = await openWorkFolder({ tmpDir: root, staleMs: 10 * minute, log });
    const stopped = join(root, `${workFolderPrefix}stopped`);
    await mkdir(stopped);
    const at = new Date(Date.now() - 30 * minute);
    await utimes(stopped, at, at);
    await folder.refresh();
    expect(await readdir(root)).toEqual([basename(folder.path)]);
    await folder.close();
  });
});
