import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const protoDir = join(root, "proto");
const buf = join(root, "node_modules/.bin/buf");

async function filesUnder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), await readFile(path, "utf8"));
  }
  return files;
}

const scratch = await mkdtemp(join(tmpdir(), "turnleaf-proto-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("contracts", () => {
  it("pass buf lint (STANDARD)", async () => {
    await expect(run(buf, ["lint"], { cwd: protoDir })).resolves.toBeDefined();
  });

  it("have committed generated code identical to a fresh generation", async () => {
    await run(buf, ["generate", "--output", scratch], { cwd: protoDir });
    const fresh = await filesUnder(join(scratch, "gen"));
    const committed = await filesUnder(join(protoDir, "gen"));
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [path, content] of fresh) {
      expect(committed.get(path), `${path} differs: run npm run proto:generate`).toBe(content);
    }
  });
});
