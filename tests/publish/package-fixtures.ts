import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { assertCliBuilt, runCli } from "../cli/run-cli.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import type { Owner } from "../setup/shared-system.js";

/**
 * An online book of `pages` labelled pages owned by the system's owner (a VIP, so it may upload), uploaded with the
 * command-line tool as a user would; answers its id and the session cookie.
 */
export async function uploadedBook(system: { gatewayUrl: string; owner: Owner }, title: string, pages = 3) {
  const { gatewayUrl, owner } = system;
  assertCliBuilt();
  const workDir = await mkdtemp(join(tmpdir(), "turnleaf-publish-"));
  const home = join(workDir, "home");
  await mkdir(home);
  const cli = (args: string[]) => runCli(workDir, home, args, { TURNLEAF_SERVER: gatewayUrl });
  await writeFile(join(workDir, "book.pdf"), await labelledPdf("P", pages));
  const imported = await cli(["import", "book.pdf", "--out", "project", "--title", title]);
  expect(imported.code, imported.stderr).toBe(0);
  const loggedIn = await cli(["login", "--email", owner.email, "--password", owner.password]);
  expect(loggedIn.code, loggedIn.stderr).toBe(0);
  const uploaded = await cli(["upload", "project", "--title", title, "--json"]);
  expect(uploaded.code, uploaded.stderr).toBe(0);
  const { bookId } = JSON.parse(uploaded.stdout.trim().split("\n").at(-1) ?? "{}") as { bookId: string };
  const cookie = (JSON.parse(await readFile(join(home, "session.json"), "utf8")) as { cookie: string }).cookie;
  return { workDir, bookId, cookie };
}

/** A form POST to the gateway as `cookie`; answers the envelope. */
export async function api<T = Record<string, unknown>>(
  gatewayUrl: string,
  cookie: string,
  path: string,
  fields: Record<string, string>,
  language = "en",
) {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "accept-language": language },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as { code: string; msg: string; data: T };
}

/** A catalogue text of the server's messages (services/language/src/labels/messages). */
export async function catalogueText(language: string, key: string): Promise<string> {
  const file = join(
    import.meta.dirname,
    "..",
    "..",
    "services",
    "language",
    "src",
    "labels",
    "messages",
    `${language}.json`,
  );
  return (JSON.parse(await readFile(file, "utf8")) as Record<string, string>)[key] ?? "";
}

export function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
