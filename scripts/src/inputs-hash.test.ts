import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// scripts/inputs-hash.mjs, which lets scripts/test.sh skip a web build whose inputs did not change: run in a
// throwaway git repository as the test command runs it.
const script = join(import.meta.dirname, "..", "inputs-hash.mjs");
let repo: string;

const hashOf = (...paths: string[]) =>
  execFileSync(process.execPath, [script, ...paths], { cwd: repo, encoding: "utf8" });
const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), "turnleaf-inputs-hash-"));
  git("init", "-q");
  await mkdir(join(repo, "web", "src"), { recursive: true });
  await writeFile(join(repo, ".gitignore"), "dist/\n");
  await writeFile(join(repo, "web", "src", "main.ts"), "export const a = 1;\n");
  await writeFile(join(repo, "package-lock.json"), "{}\n");
  git("add", ".");
});

afterAll(async () => {
  if (repo) await rm(repo, { recursive: true, force: true });
});

describe("the inputs hash of a build", () => {
  it("stays the same for the same contents, whatever their times, and ignores ignored files such as the output", async () => {
    const before = hashOf("web", "package-lock.json");
    await utimes(join(repo, "web", "src", "main.ts"), new Date(), new Date(Date.now() + 60_000));
    await mkdir(join(repo, "web", "dist"), { recursive: true });
    await writeFile(join(repo, "web", "dist", "index.html"), "<html></html>");
    expect(hashOf("web", "package-lock.json")).toBe(before);
  });

  it("changes with a file's content, a new untracked source, a deleted file and the other paths named", async () => {
    const seen = new Set([hashOf("web", "package-lock.json")]);
    await writeFile(join(repo, "web", "src", "main.ts"), "export const a = 2;\n");
    seen.add(hashOf("web", "package-lock.json"));
    await writeFile(join(repo, "web", "src", "extra.ts"), "export const b = 1;\n");
    seen.add(hashOf("web", "package-lock.json"));
    await writeFile(join(repo, "package-lock.json"), '{"lockfileVersion":3}\n');
    seen.add(hashOf("web", "package-lock.json"));
    await rm(join(repo, "web", "src", "main.ts"));
    seen.add(hashOf("web", "package-lock.json"));
    expect(seen.size).toBe(5);
  });
});
