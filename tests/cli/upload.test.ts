import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind, Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createClient } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf, richPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { assertCliBuilt, runCli, startCli } from "./run-cli.js";

// turnleaf login / upload / books against the eight built processes on the run's real stores, as the worker slot's
// owner (a VIP, so it may upload): the upload is paused, the process killed mid-upload, and the next
// run resumes the same task from the server's offset; the finished book opens at the printed link.
const services = await workerSystem();
const owner = services.owner;
let workDir: string;
let home: string;
const cli = (args: string[]) => runCli(workDir, home, args, { TURNLEAF_SERVER: services.gatewayUrl });

beforeAll(async () => {
  assertCliBuilt();
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-cli-upload-"));
  home = join(workDir, "home");
  await mkdir(home);
  await writeFile(join(workDir, "rich.pdf"), await richPdf());
  await writeFile(join(workDir, "labelled.pdf"), await labelledPdf("U", 3));
  const imported = await cli(["import", "rich.pdf", "labelled.pdf", "--out", "project", "--title", "Cloud Book"]);
  expect(imported.code, imported.stderr).toBe(0);
  const loggedIn = await cli(["login", "--email", owner.email, "--password", owner.password]);
  expect(loggedIn.code, loggedIn.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The session cookie `turnleaf login` saved, to look at the server's side of the upload. */
async function sessionCookie(): Promise<string> {
  return (JSON.parse(await readFile(join(home, "session.json"), "utf8")) as { cookie: string }).cookie;
}

async function serverProgress(taskId: string) {
  const response = await fetch(`${services.gatewayUrl}/api/book/get-book-progress`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: await sessionCookie() },
    body: new URLSearchParams({ taskId }).toString(),
  });
  const body = (await response.json()) as {
    code: string;
    data: { task: { state: string; bytes: { done: number | string; total: number | string } } };
  };
  expect(body.code).toBe("OK");
  return body.data.task;
}

describe("turnleaf login", () => {
  it("refuses a wrong password with the desktop text and keeps a session for the right one", async () => {
    const wrong = await cli(["login", "--email", owner.email, "--password", "not-the-password"]);
    expect(wrong.code).toBe(77);
    expect(wrong.stderr).toContain("Incorrect email or password");
    const right = await cli(["login", "--email", owner.email, "--password", owner.password]);
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout).toContain(`as ${owner.email}`);
    expect((await stat(join(home, "session.json"))).mode & 0o777).toBe(0o600);
  });
});

describe("turnleaf upload", { timeout: 180_000 }, () => {
  let uploaded: { bookId: string; link: string } | undefined;

  it("pauses, is killed mid-upload, resumes from the server's offset and prints link, QR code and embed code", async () => {
    const first = startCli(
      workDir,
      home,
      [
        "upload",
        "project",
        "--keywords",
        "cloud",
        "--description",
        "uploaded by the CLI",
        "--chunk-size",
        "512",
        "--rate",
        "1",
      ],
      { TURNLEAF_SERVER: services.gatewayUrl },
    );
    await expect.poll(() => first.output.stderr, { timeout: 60_000 }).toMatch(/uploaded \d+ of \d+ bytes/);
    first.child.stdin?.write("p\n");
    await expect.poll(() => first.output.stderr, { timeout: 60_000 }).toMatch(/paused at \d+ of \d+ bytes/);
    const taskId = /upload task (\S+) created/.exec(first.output.stderr)?.[1] ?? "";
    expect(taskId).not.toBe("");
    const paused = await serverProgress(taskId);
    expect(paused.state).toBe("paused");
    const pausedAt = Number(paused.bytes.done);
    expect(pausedAt).toBeGreaterThan(0);
    expect(pausedAt).toBeLessThan(Number(paused.bytes.total));
    first.child.kill("SIGKILL");
    const exit = await first.exited;
    expect(exit.signal, `${JSON.stringify(exit)} ${first.output.stderr}`).toBe("SIGKILL");
    expect(JSON.parse(await readFile(join(workDir, "project", "upload.json"), "utf8"))).toMatchObject({ taskId });

    const second = await cli(["upload", "project", "--html-text"]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`resuming upload task ${taskId} (paused)`);
    // The first file was cut short: the run continues at the server's byte, not at 0.
    expect(second.stderr).toMatch(/the server has \d+ of \d+ bytes, continuing there/);
    expect(second.stderr).not.toMatch(/upload task \S+ created/);
    const link = /^link: (\S+)$/m.exec(second.stdout)?.[1] ?? "";
    expect(link).toMatch(new RegExp(`^${services.gatewayUrl}/b/\\S+$`));
    expect(second.stdout).toMatch(/[▀▄█]/);
    expect(second.stdout).toMatch(/^embed: <iframe [^\n]*src="[^"]+\/b\/[^"]+"/m);
    const bookId = /^book: (\S+) \(revision 1\)$/m.exec(second.stdout)?.[1] ?? "";
    expect(bookId).not.toBe("");
    await expect(stat(join(workDir, "project", "upload.json"))).rejects.toThrow();

    const book = (await (await fetch(`${link}/book.json`)).json()) as {
      pageCount: number;
      state: string;
      title: string;
    };
    expect(book).toMatchObject({ pageCount: 6, state: "ready", title: "Cloud Book" });
    expect((await fetch(link)).status).toBe(200);
    uploaded = { bookId, link };
  });

  it("overwrites the online book with a new revision", async () => {
    expect(uploaded).toBeDefined();
    const replaced = await cli([
      "upload",
      "project",
      "--overwrite",
      uploaded?.bookId ?? "",
      "--title",
      "Cloud Book 2",
      "--json",
    ]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(JSON.parse(replaced.stdout)).toMatchObject({ bookId: uploaded?.bookId, revision: 2, link: uploaded?.link });
  });

  it("reports a source changed during an interrupted upload as an invalid signature", async () => {
    await writeFile(join(workDir, "changing.pdf"), await richPdf());
    expect((await cli(["import", "changing.pdf", "--out", "changing"])).code).toBe(0);
    const first = startCli(workDir, home, ["upload", "changing", "--chunk-size", "512", "--rate", "1"], {
      TURNLEAF_SERVER: services.gatewayUrl,
    });
    await expect.poll(() => first.output.stderr, { timeout: 60_000 }).toMatch(/uploaded \d+ of \d+ bytes/);
    first.child.kill("SIGKILL");
    await first.exited;
    // Same size, other bytes at the end: the server's part is the old file's, the rest the new one's.
    const bytes = await readFile(join(workDir, "changing.pdf"));
    bytes[bytes.length - 2] = bytes[bytes.length - 2] === 0x20 ? 0x0a : 0x20;
    await writeFile(join(workDir, "changing.pdf"), bytes);
    const resumed = await cli(["upload", "changing"]);
    expect(resumed.code).toBe(65);
    expect(resumed.stderr).toContain("resuming upload task");
    expect(resumed.stderr).toMatch(/Upload failed: invalid signature: .*SHA-256/);
  });

  it("refuses without a title, without the book to overwrite, a category by name, and without a session", async () => {
    const noTitle = await cli(["upload", "project", "--title", " "]);
    expect(noTitle.code).toBe(65);
    expect(noTitle.stderr).toContain("Upload failed: Please enter book title!");
    const noBook = await cli(["upload", "project", "--overwrite", ""]);
    expect(noBook.code).toBe(65);
    expect(noBook.stderr).toContain("Please select the online book to overwrite");
    const namedCategory = await cli(["upload", "project", "--category", "Travel"]);
    expect(namedCategory.code).toBe(64);
    expect(namedCategory.stderr).toContain("--category must be the category's number");
    const otherHome = join(workDir, "home-logged-out");
    await mkdir(otherHome, { recursive: true });
    const loggedOut = await runCli(workDir, otherHome, ["books", "list"], { TURNLEAF_SERVER: services.gatewayUrl });
    expect(loggedOut.code).toBe(77);
    expect(loggedOut.stderr).toContain("login timeout");
    const unreachable = await runCli(workDir, otherHome, ["login", "--email", owner.email, "--password", "x"], {
      TURNLEAF_SERVER: "http://127.0.0.1:9",
    });
    expect(unreachable.code).toBe(75);
    expect(unreachable.stderr).toContain("Network Error!");
  });

  it("lists the online books and enables, disables and deletes one", async () => {
    expect(uploaded).toBeDefined();
    const bookId = uploaded?.bookId ?? "";
    type BookList = { total: number; list: { bookId: string; status: string; link: string }[] };
    const listed = async () => {
      const run = await cli(["books", "list", "--json"]);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as BookList;
    };
    // The CLI reports ready on the conversion's own event; the book service leaves 'uploading' on the BookReady it
    // consumes, a moment later.
    await expect
      .poll(async () => (await listed()).list.find((book) => book.bookId === bookId)?.status, { timeout: 20_000 })
      .toBe("enabled");

    const disabled = await cli(["books", "disable", bookId]);
    expect(disabled.code, disabled.stderr).toBe(0);
    const onlyDisabled = JSON.parse(
      (await cli(["books", "list", "--status", "disabled", "--json"])).stdout,
    ) as BookList;
    expect(onlyDisabled.list.map((book) => book.bookId)).toContain(bookId);
    expect((await fetch(uploaded?.link ?? "")).status).toBe(404);
    expect((await cli(["books", "enable", bookId])).code).toBe(0);
    expect((await fetch(uploaded?.link ?? "")).status).toBe(200);

    const unconfirmed = await cli(["books", "delete", bookId]);
    expect(unconfirmed.code).toBe(64);
    const deleted = await cli(["books", "delete", bookId, "--yes"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    const after = JSON.parse((await cli(["books", "list", "--json"])).stdout) as BookList;
    expect(after.list.map((book) => book.bookId)).not.toContain(bookId);
  });
});

describe("turnleaf upload without points (spec 001 §4 unpaid upload)", { timeout: 180_000 }, () => {
  it("warns that the book is paused 24 hours later and uploads only when confirmed", async () => {
    const email = `cli-unpaid-${Date.now()}@turnleaf.local`;
    const password = "a good password";
    const registered = await fetch(`${services.gatewayUrl}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }).toString(),
    });
    const user = (await registered.json()) as { code: string; data: { userId: string } };
    expect(user.code).toBe("OK");
    const admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    try {
      // The new-user points spent: a points plan with none left.
      await admin.setPlan({
        account: { userId: String(user.data.userId) },
        plan: { kind: PlanKind.POINTS, points: 0 },
        actor: "test",
        reason: "unpaid upload test",
      });
    } finally {
      admin.close();
    }
    const unpaidHome = join(workDir, "home-unpaid");
    await mkdir(unpaidHome, { recursive: true });
    const as = (args: string[], env: Record<string, string> = {}) =>
      runCli(workDir, unpaidHome, args, { TURNLEAF_SERVER: services.gatewayUrl, ...env });
    expect((await as(["login", "--email", email, "--password", password])).code).toBe(0);
    expect((await cli(["import", "labelled.pdf", "--out", "unpaid", "--title", "Unpaid"])).code).toBe(0);

    // No terminal to ask and no --yes: refused before anything is sent, the warning shown.
    const refused = await as(["upload", "unpaid", "--no-wait"]);
    expect(refused.code).toBe(65);
    expect(refused.stderr).toContain("Upload not confirmed");
    expect(refused.stderr).toContain("paused after 24 hours");
    expect(refused.stderr).toContain("--yes");
    await expect(stat(join(workDir, "unpaid", "upload.json"))).rejects.toThrow();
    const chinese = await as(["upload", "unpaid", "--no-wait"], { TURNLEAF_LANG: "zh-CN" });
    expect(chinese.stderr).toContain("上传未确认");
    expect(chinese.stderr).toContain("24");

    const confirmed = await as(["upload", "unpaid", "--no-wait", "--yes", "--json"]);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stderr).toContain("Warning: ");
    expect(JSON.parse(confirmed.stdout)).toMatchObject({ bookId: expect.any(String) });
  });
});

describe("turnleaf upload --publication", { timeout: 180_000 }, () => {
  it("uploads a publication (folder type 2) under the server's PUB_BOOK_NUM quota, refused past it", async () => {
    // A user of their own, so the quota counts only what this test uploads; their limit of publications is one.
    const email = `cli-pub-${Date.now()}@turnleaf.local`;
    const password = "a good password";
    const registered = await fetch(`${services.gatewayUrl}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }).toString(),
    });
    const user = (await registered.json()) as { code: string; data: { userId: string } };
    expect(user.code).toBe("OK");
    const admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    try {
      await admin.setQuotaOverride({
        account: { userId: String(user.data.userId) },
        quota: Quota.PUB_BOOK_NUM,
        limit: 1,
        actor: "test",
      });
      // Points to host it: new-user points are given to a few sign-ups per address, and the run signs up many.
      await admin.setPlan({
        account: { userId: String(user.data.userId) },
        plan: { kind: PlanKind.POINTS, points: 10 },
        actor: "test",
        reason: "",
      });
    } finally {
      admin.close();
    }
    const publisherHome = join(workDir, "home-publisher");
    await mkdir(publisherHome, { recursive: true });
    const as = (args: string[]) => runCli(workDir, publisherHome, args, { TURNLEAF_SERVER: services.gatewayUrl });
    expect((await as(["login", "--email", email, "--password", password])).code).toBe(0);
    expect((await cli(["import", "labelled.pdf", "--out", "magazine", "--title", "Magazine"])).code).toBe(0);

    const first = await as(["upload", "magazine", "--publication", "--no-wait", "--json"]);
    expect(first.code, first.stderr).toBe(0);
    const { bookId } = JSON.parse(first.stdout) as { bookId: string };
    const listed = JSON.parse((await as(["books", "list", "--json"])).stdout) as {
      list: { bookId: string; folderType: number }[];
    };
    expect(listed.list.find((book) => book.bookId === bookId)?.folderType).toBe(2);

    // A second publication passes the limit: the power alert's text, nothing uploaded.
    const second = await as(["upload", "magazine", "--publication", "--no-wait"]);
    expect(second.code).toBe(65);
    expect(second.stderr).toContain(
      "Upload failed: PUB_BOOK_NUM: the limit of 1 hosted publications is reached, contact support or free a slot",
    );
    await expect(stat(join(workDir, "magazine", "upload.json"))).rejects.toThrow();
    // Books count apart: the same project as a book still goes up.
    const book = await as(["upload", "magazine", "--no-wait", "--json"]);
    expect(book.code, book.stderr).toBe(0);
    const after = JSON.parse((await as(["books", "list", "--json"])).stdout) as { list: { folderType: number }[] };
    expect(after.list.map((entry) => entry.folderType).sort()).toEqual([1, 2]);
    const publications = JSON.parse((await as(["books", "list", "--type", "publication", "--json"])).stdout) as {
      list: { bookId: string }[];
    };
    expect(publications.list.map((entry) => entry.bookId)).toEqual([bookId]);
    const text = await as(["books", "list"]);
    expect(text.stdout).toMatch(new RegExp(`^${bookId}\\s+\\S+\\s+publication\\s`, "m"));
    expect((await as(["books", "list", "--type", "magazine"])).code).toBe(64);
    // A publication's type belongs to a new upload only.
    const overwrite = await as(["upload", "magazine", "--publication", "--overwrite", bookId]);
    expect(overwrite.code).toBe(64);
    expect(overwrite.stderr).toContain("--publication is the type of a new upload");
  });
});

describe("turnleaf studio", { timeout: 180_000 }, () => {
  /** A setting changed in the editor: the editor's own save path. */
  async function editorChanges(bookId: string, config: Record<string, unknown>) {
    const response = await fetch(`${services.gatewayUrl}/api/book/update-book`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: await sessionCookie() },
      body: new URLSearchParams({ bookId, bookConfig: JSON.stringify(config) }).toString(),
    });
    expect(((await response.json()) as { code: string }).code).toBe("OK");
  }

  it("opens the editor on a local project, saves only the editor's changes and asks before discarding", async () => {
    expect((await cli(["import", "labelled.pdf", "--out", "studio-project"])).code).toBe(0);
    expect((await cli(["project", "set", "studio-project", "bgColor=#102030"])).code).toBe(0);
    expect((await cli(["project", "save", "studio-project"])).code).toBe(0);
    const env = { TURNLEAF_SERVER: services.gatewayUrl };
    const first = startCli(workDir, home, ["studio", "studio-project", "--no-start", "--lang", "en"], env);
    await expect.poll(() => first.output.stdout, { timeout: 120_000 }).toMatch(/^editor: /m);
    const editor = /^editor: (\S+)$/m.exec(first.output.stdout)?.[1] ?? "";
    expect(editor).toMatch(new RegExp(`^${services.gatewayUrl}/book_edit2/editor\\?num=\\S+&lang=en$`));
    const page = await fetch(editor);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const project = JSON.parse(await readFile(join(workDir, "studio-project", "project.json"), "utf8"));
    const { bookId } = project.studio[services.gatewayUrl] as { bookId: string };
    // The project's configuration reached the book the editor edits.
    const book = await fetch(`${services.gatewayUrl}/api/book/get-book`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: await sessionCookie() },
      body: new URLSearchParams({ bookId }).toString(),
    });
    expect(((await book.json()) as { data: { htmlConfig: Record<string, unknown> } }).data.htmlConfig).toMatchObject({
      bgColor: "#102030",
    });

    first.child.stdin?.write("s\n");
    await expect
      .poll(() => first.output.stdout, { message: first.output.stderr })
      .toContain("no changes: nothing to save");
    await editorChanges(bookId, { bgColor: "#aabbcc" });
    const bookmark = await fetch(`${services.gatewayUrl}/api/book/save-book-bookmark`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: await sessionCookie() },
      body: new URLSearchParams({
        bookId,
        bookmarks: JSON.stringify([{ caption: "Start", page: 2, colour: "#ff0000", fontColour: "#ffffff" }]),
      }).toString(),
    });
    expect(((await bookmark.json()) as { code: string }).code).toBe("OK");
    first.child.stdin?.write("s\n");
    await expect.poll(() => first.output.stdout).toMatch(/^saved .*project\.json$/m);
    const saved = JSON.parse(await readFile(join(workDir, "studio-project", "project.json"), "utf8"));
    expect(saved.settings.bgColor).toBe("#aabbcc");
    expect(saved.bookmarks).toEqual([expect.objectContaining({ caption: "Start", page: 2 })]);

    // Closing with unsaved changes and nobody to ask: refused, the changes kept for later.
    await editorChanges(bookId, { bgColor: "#ddeeff" });
    first.child.stdin?.write("q\n");
    const closed = await first.exited;
    expect(closed.code, first.output.stderr).toBe(65);
    expect(first.output.stderr).toContain(
      "has unsaved changes: answer with --save-changes or --discard-changes before closing the studio",
    );
    expect(
      JSON.parse(await readFile(join(workDir, "studio-project", "project.unsaved.json"), "utf8")).settings.bgColor,
    ).toBe("#ddeeff");

    // Again: the same book (no new upload), and the answer given this time.
    const second = startCli(workDir, home, ["studio", "studio-project", "--no-start", "--discard-changes"], env);
    await expect.poll(() => second.output.stdout, { timeout: 60_000 }).toMatch(/^editor: /m);
    second.child.stdin?.write("q\n");
    const reopened = await second.exited;
    expect(reopened.code, second.output.stderr).toBe(0);
    expect(second.output.stderr).not.toContain("giving the project a book");
    expect(second.output.stderr).toContain("discarded the unsaved changes");
    await expect(stat(join(workDir, "studio-project", "project.unsaved.json"))).rejects.toThrow();
    expect(JSON.parse(await readFile(join(workDir, "studio-project", "project.json"), "utf8")).settings.bgColor).toBe(
      "#aabbcc",
    );
  });

  it("says clearly when there is no stack to use and it may not start one", async () => {
    const refused = await runCli(workDir, home, ["studio", "studio-project", "--no-start"], {
      TURNLEAF_SERVER: "http://127.0.0.1:9",
    });
    expect(refused.code).toBe(69);
    expect(refused.stderr).toContain("nothing answers at http://127.0.0.1:9");
  });
});
