import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { writeFileAtomic } from "./atomic-write.js";

const scratch = await mkdtemp(join(tmpdir(), "turnleaf-atomic-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const root = fileURLToPath(new URL("../../..", import.meta.url));
const helper = fileURLToPath(new URL("./atomic-write.ts", import.meta.url));

/**
 * A child process that rewrites `target` with 8 MB of one letter, then of the next, until it is killed; it says
 * "ready" after its first write. `plain` makes it use writeFile (what the CLI did before), to show the check bites.
 */
const writerScript = `
import { writeFile } from "node:fs/promises";
import { writeFileAtomic } from ${JSON.stringify(helper)};
const [target, how] = process.argv.slice(2);
const write = how === "plain" ? (path, data) => writeFile(path, data) : writeFileAtomic;
for (let round = 0; ; round++) {
  await write(target, Buffer.alloc(8 * 1024 * 1024, round % 2 === 0 ? "a" : "b"));
  if (round === 0) process.stdout.write("ready\\n");
}
`;

/** Kills a writer mid-stream (SIGKILL, as a crash or a second Ctrl-C) and answers what the target then holds. */
async function killedWriter(name: string, how: "atomic" | "plain"): Promise<Buffer> {
  const script = join(scratch, "writer.mts");
  await writeFile(script, writerScript);
  const target = join(scratch, name);
  const child = spawn(process.execPath, ["--import", "tsx", script, target, how], { cwd: root, stdio: "pipe" });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`the writer exited (${code})`)));
  });
  // Several rewrites are under way: kill one at whatever point it is.
  await new Promise((resolve) => setTimeout(resolve, 150 + Math.floor(Math.random() * 100)));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  return readFile(target);
}

const whole = (bytes: Buffer) =>
  bytes.length === 8 * 1024 * 1024 && (bytes.every((byte) => byte === 97) || bytes.every((byte) => byte === 98));

describe("writeFileAtomic", () => {
  it("replaces a file's content with the mode asked, and leaves no temporary file", async () => {
    const dir = await mkdtemp(join(scratch, "replace-"));
    const target = join(dir, "licence.dat");
    await writeFileAtomic(target, "old");
    await writeFileAtomic(target, "nëw", { encoding: "latin1", mode: 0o600 });
    expect(await readFile(target, "latin1")).toBe("nëw");
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(["licence.dat"]);
  });

  it("leaves the old content and no temporary file when the write fails", async () => {
    const dir = await mkdtemp(join(scratch, "fail-"));
    const target = join(dir, "project.json");
    await writeFileAtomic(target, '{"name":"kept"}\n');
    await expect(writeFileAtomic(target, "lost", { encoding: "no-such-encoding" as BufferEncoding })).rejects.toThrow();
    expect(await readFile(target, "utf8")).toBe('{"name":"kept"}\n');
    expect(await readdir(dir)).toEqual(["project.json"]);
  });

  it("never leaves a truncated file when its process is killed mid-write (writeFile does)", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(whole(await killedWriter(`atomic-${attempt}.bin`, "atomic")), `attempt ${attempt}`).toBe(true);
    }
    // The same kill during plain writeFile finds a short or mixed file at least once in five tries.
    const plain: boolean[] = [];
    for (let attempt = 0; attempt < 5 && plain.every(Boolean); attempt++) {
      plain.push(whole(await killedWriter(`plain-${attempt}.bin`, "plain")));
    }
    expect(plain).toContain(false);
  }, 60_000);
});
