import { createNonce, terminalCodeFromComponents } from "@turnleaf/licence-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { makePdf } from "../upload/fixtures.js";
import { type Actor, ownedBook, register, type Sent, send, writeRevision } from "./actors.js";
import { publicUrl, type SecurityStack, startSecurityStack } from "./stack.js";

// Issue 16's red-team findings, each replayed against the real services (power, book, upload, licence) on the
// run's real MongoDB-wire server, NATS and MinIO, behind the real gateway: every one must now be refused.
const stores = workerStores();
let stack: SecurityStack;
let owner: Actor;
let other: Actor;

beforeAll(async () => {
  stack = await startSecurityStack(stores, "findings");
  owner = await register(stack.gateway, "owner");
  other = await register(stack.gateway, "other");
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const post = (path: string, fields: Record<string, string>, options: Parameters<typeof send>[3] = {}) =>
  send(stack.gateway, path, fields, options);

const get = (url: string, headers: Record<string, string> = {}) =>
  stack.gateway.inject({ method: "GET", url, headers });

/** The reader's pass cookie (`tl_book_<link>=…`) a reply set, if any. */
function passOf(sent: Sent, link: string): string | undefined {
  const values = [sent.headers["set-cookie"] ?? []].flat().map(String);
  return values.map((value) => value.split(";")[0] ?? "").find((pair) => pair.startsWith(`tl_book_${link}=`));
}

const setPrivacy = (bookId: string, fields: Record<string, string>) =>
  post("/api/book/set-book-privacy", { bookId, fromPage: "1", hint: "", ...fields }, { cookie: owner.cookie });

const pageOf = (number: string, revision: number, pass?: string) =>
  get(`/b/${number}/assets/${revision}/pages/1/800.webp`, pass ? { cookie: pass } : {});

describe("1. password-protected books cannot be brute-forced", () => {
  it("refuses passwords under 6 characters when one is set", async () => {
    const book = await ownedBook(stack, owner);
    const short = await setPrivacy(book.bookId, { access: "password", mode: "single", password: "1234" });
    expect(short.reply).toMatchObject({ code: "ERROR", data: { errors: [{ field: "password" }] } });
    const users = JSON.stringify([{ name: "ana", password: "12345" }]);
    expect((await setPrivacy(book.bookId, { access: "password", mode: "users", users })).reply.code).toBe("ERROR");
    expect((await setPrivacy(book.bookId, { access: "password", mode: "single", password: "123456" })).reply.code).toBe(
      "OK",
    );
  });

  it("stops a guessing client within 6 tries, even with the right password, while another client still gets in", async () => {
    const book = await ownedBook(stack, owner);
    await setPrivacy(book.bookId, { access: "password", mode: "single", password: "4711-0815" });
    const attacker = { remoteAddress: "10.66.0.1" };
    const answers: Sent[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      answers.push(await post(`/b/${book.number}/unlock`, { password: String(1000 + guess) }, attacker));
    }
    // The 6th try is not even heard: a backoff runs, announced with the seconds to wait.
    expect(answers.slice(0, 5).every((answer) => answer.reply.code === "ERROR")).toBe(true);
    expect(answers[4]?.reply.data).toMatchObject({ retryAfterSeconds: 30 });
    // (Its own text, 'too many wrong passwords, try again later', not the wrong password's.)
    expect(answers[5]?.reply.code).toBe("ERROR");
    expect(answers[5]?.reply.msg).not.toBe(answers[0]?.reply.msg);
    expect(Number(answers[5]?.reply.data?.retryAfterSeconds)).toBeGreaterThan(0);
    const right = await post(`/b/${book.number}/unlock`, { password: "4711-0815" }, attacker);
    expect(right.reply.code).toBe("ERROR");
    expect(passOf(right, book.number)).toBeUndefined();
    // A reader elsewhere is not locked out by the attacker's address.
    const reader = await post(`/b/${book.number}/unlock`, { password: "4711-0815" }, { remoteAddress: "10.66.0.2" });
    expect(reader.reply.code).toBe("OK");
    expect(passOf(reader, book.number)).toBeDefined();
  });
});

describe("2. a reader's pass is bound to the password (and user) that opened the book", () => {
  it("gives no pass for a public book, so setting a password later locks its pages", async () => {
    const book = await ownedBook(stack, owner);
    const unlocked = await post(`/b/${book.number}/unlock`, { password: "" });
    expect(unlocked.reply.code).toBe("OK");
    const pass = passOf(unlocked, book.number);
    expect(pass).toBeUndefined();
    expect((await pageOf(book.number, 1)).statusCode).toBe(200);
    await setPrivacy(book.bookId, { access: "password", mode: "single", password: "a new secret" });
    expect((await pageOf(book.number, 1)).statusCode).toBe(403);
  });

  it("voids a pass when the password changes", async () => {
    const book = await ownedBook(stack, owner);
    await setPrivacy(book.bookId, { access: "password", mode: "single", password: "first secret" });
    const pass = passOf(await post(`/b/${book.number}/unlock`, { password: "first secret" }), book.number);
    expect(pass).toBeDefined();
    expect((await pageOf(book.number, 1, pass)).statusCode).toBe(200);
    await setPrivacy(book.bookId, { access: "password", mode: "single", password: "second secret" });
    expect((await pageOf(book.number, 1, pass)).statusCode).toBe(403);
    const view = await get(`/b/${book.number}/book.json`, { cookie: pass as string });
    expect(view.json()).toMatchObject({ lock: { fromPage: 1 }, searchUrl: null });
  });

  it("voids a user's pass when the user is removed from a multi-user book, and only theirs", async () => {
    const book = await ownedBook(stack, owner);
    const users = [
      { name: "ana", password: "ana-secret" },
      { name: "bo", password: "bo-secret" },
    ];
    await setPrivacy(book.bookId, { access: "password", mode: "users", users: JSON.stringify(users) });
    const ana = passOf(await post(`/b/${book.number}/unlock`, { user: "ana", password: "ana-secret" }), book.number);
    const bo = passOf(await post(`/b/${book.number}/unlock`, { user: "bo", password: "bo-secret" }), book.number);
    expect((await pageOf(book.number, 1, ana)).statusCode).toBe(200);
    const onlyBo = JSON.stringify([{ name: "bo", password: "" }]);
    expect((await setPrivacy(book.bookId, { access: "password", mode: "users", users: onlyBo })).reply.code).toBe("OK");
    expect((await pageOf(book.number, 1, ana)).statusCode).toBe(403);
    expect((await pageOf(book.number, 1, bo)).statusCode).toBe(200);
  });
});

describe("3. one cross-site rule on the normalised path", () => {
  const spellings = [
    "/%61pi/book/update-book",
    "/%2561pi/book/update-book",
    "//api//book/update-book",
    "/API/Book/Update-Book",
    "/api/book/update-book",
  ];

  it.each(spellings)("refuses %s from another site (Origin), before anything changes", async (path) => {
    const book = await ownedBook(stack, owner);
    const fields = { bookId: book.bookId, title: "defaced" };
    const refused = await post(path, fields, { cookie: owner.cookie, headers: { origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    expect(refused.reply.code).toBe("ERROR");
    expect((await stack.books.findById(book.bookId))?.title).not.toBe("defaced");
  });

  it("refuses a browser's cross-site fetch without Origin (Sec-Fetch-Site), the privacy change through %61pi too", async () => {
    const book = await ownedBook(stack, owner);
    const headers = { "sec-fetch-site": "cross-site" };
    const refused = await post(
      "/%61pi/book/set-book-privacy",
      { bookId: book.bookId, access: "private" },
      { cookie: owner.cookie, headers },
    );
    expect(refused.status).toBe(403);
    expect((await stack.books.findById(book.bookId))?.privacy?.access ?? "public").toBe("public");
    // The same change from the editor's own page goes through.
    const own = { origin: publicUrl, "sec-fetch-site": "same-origin" };
    const allowed = await post(
      "/api/book/set-book-privacy",
      { bookId: book.bookId, access: "private" },
      { cookie: owner.cookie, headers: own },
    );
    expect(allowed.reply.code).toBe("OK");
  });

  it("refuses a login posted from another site, however the path is spelt, and a browser post without the form token", async () => {
    for (const path of ["/%6cogin.php", "/LOGIN.php", "//login.php", "/login.php"]) {
      const refused = await post(
        path,
        { email: other.email, password: "a good password" },
        { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
      );
      expect(refused.status, path).toBe(403);
      expect(refused.headers["set-cookie"], path).toBeUndefined();
    }
    const tokenless = await post(
      "/login.php",
      { email: other.email, password: "a good password" },
      { headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" } },
    );
    expect(tokenless.status).toBe(403);
    expect(String(tokenless.headers["set-cookie"] ?? "")).not.toContain("tl_session=");
  });
});

describe("4. an overwritten revision is gone for readers", () => {
  it("serves only the shown revision (and the converting one): the previous one's pages, text and index answer 404", async () => {
    const book = await ownedBook(stack, owner);
    const r1 = ["pages/1/800.webp", "text/1.json", "search.json"];
    for (const key of r1) expect((await get(`/b/${book.number}/assets/1/${key}`)).statusCode, key).toBe(200);
    await writeRevision(stack, book, 2, "converting");
    // The upload's end-upload is a book change through the gateway: its asset memo is emptied, as here.
    await post("/api/book/get-book-privacy", { bookId: book.bookId }, { cookie: owner.cookie });
    // While revision 2 converts, readers still see 1, and 2's landed pages are served.
    expect((await get(`/b/${book.number}/assets/1/pages/1/800.webp`)).statusCode).toBe(200);
    expect((await get(`/b/${book.number}/assets/2/pages/1/800.webp`)).statusCode).toBe(200);
    await writeRevision(stack, book, 2, "ready");
    // Once revision 2 is ready (the gateway rereads a converting manifest within a second), 1 is gone.
    const status = (revision: number, key: string) => async () =>
      (await get(`/b/${book.number}/assets/${revision}/${key}`)).statusCode;
    await expect.poll(status(1, "pages/1/800.webp"), { timeout: 5_000, interval: 250 }).toBe(404);
    for (const key of r1) expect(await status(1, key)(), key).toBe(404);
    expect((await get(`/b/${book.number}/assets/2/pages/1/800.webp`)).statusCode).toBe(200);
    expect((await get(`/b/${book.number}/assets/9/pages/1/800.webp`)).statusCode).toBe(404);
    // Deleted, nothing of it is served.
    expect((await post("/api/book/delete-book", { bookId: book.bookId }, { cookie: owner.cookie })).reply.code).toBe(
      "OK",
    );
    expect((await get(`/b/${book.number}/assets/2/pages/1/800.webp`)).statusCode).toBe(404);
  });
});

describe("5. licence binding", () => {
  let machines = 0;
  const machine = () => {
    machines += 1;
    const name = `sec-machine-${machines}`;
    return terminalCodeFromComponents({
      machineId: `${name}-id`,
      cpu: `${name}-cpu`,
      disk: `${name}-disk`,
      network: `${name}-mac`,
    });
  };
  const asker = { clientAddress: "", accountId: "", source: "operator" as const };

  it("answers 406 to a code bound to A sent without A's session (or with B's); A's session activates", async () => {
    const { licenceCode } = await stack.licenceDesk.issue(
      { plan: "pro", maxActivations: 2, expiresAt: null, accountId: owner.userId },
      asker,
    );
    const fields = () => ({ licenceCode, terminalCode: machine(), nonce: createNonce(), terminalLabel: "PC" });
    expect((await post("/api/licence/register", fields())).reply.code).toBe("406");
    expect((await post("/api/licence/register", fields(), { cookie: other.cookie })).reply.code).toBe("406");
    expect((await post("/api/licence/register", fields(), { cookie: owner.cookie })).reply.code).toBe("OK");
  });

  it("lets neither B nor an anonymous caller release A's activation; A's own terminal and A's account may", async () => {
    const { licenceCode } = await stack.licenceDesk.issue(
      { plan: "pro", maxActivations: 2, expiresAt: null, accountId: owner.userId },
      asker,
    );
    const office = machine();
    const laptop = machine();
    const registered = await post(
      "/api/licence/register",
      { licenceCode, terminalCode: office, nonce: createNonce(), terminalLabel: "Office" },
      { cookie: owner.cookie },
    );
    const activationId = String(registered.reply.data?.activationId);
    expect(activationId).toMatch(/^act_/);
    const release = (cookie?: string) =>
      post(
        "/api/licence/deactivate",
        { licenceCode, terminalCode: laptop, nonce: createNonce(), activationId },
        cookie ? { cookie } : {},
      );
    expect((await release(other.cookie)).reply.code).toBe("406");
    expect((await release()).reply.code).toBe("406");
    const described = await stack.licenceDesk.describe({ licenceCode });
    expect(described.activations.map((activation) => activation._id)).toContain(activationId);
    expect((await release(owner.cookie)).reply.code).toBe("OK");
    expect((await stack.licenceDesk.describe({ licenceCode })).activations).toHaveLength(0);
  });
});

describe("6. abuse limits", () => {
  it("refuses the 31st sign-up from one client; only the first 3 get the free points", async () => {
    const from = { remoteAddress: "10.31.0.31" };
    const userIds: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      const sent = await post(
        "/api/user/register",
        { email: `bulk${index}-${from.remoteAddress}@x.test`, password: "a good password" },
        from,
      );
      expect(sent.reply.code, sent.reply.msg).toBe("OK");
      userIds.push(String(sent.reply.data?.userId));
    }
    const refused = await post("/api/user/register", { email: "bulk30@x.test", password: "a good password" }, from);
    // 'too many sign-ups from this address, try again later', with the seconds until the window frees one.
    expect(refused.reply.code).toBe("ERROR");
    expect(Number(refused.reply.data?.retryAfterSeconds)).toBeGreaterThan(0);
    const elsewhere = { remoteAddress: "10.31.0.32" };
    expect(
      (await post("/api/user/register", { email: "bulk30@x.test", password: "a good password" }, elsewhere)).reply.code,
    ).toBe("OK");
    const pointsOf = async (userId: string) =>
      (await stack.admin.getAccountPower({ account: { userId } })).power?.plan?.points;
    expect(await pointsOf(userIds[0] as string)).toBe(5);
    expect(await pointsOf(userIds[2] as string)).toBe(5);
    expect(await pointsOf(userIds[3] as string)).toBe(0);
    expect(await pointsOf(userIds[29] as string)).toBe(0);
  }, 120_000);

  const files = (size: number) => JSON.stringify([{ name: "book.pdf", size, type: "application/pdf" }]);

  it("holds a user to 10 unfinished uploads and 2 GiB declared at once", async () => {
    const uploader = await register(stack.gateway, "uploader");
    const begin = (size: number) =>
      post("/api/book/begin-upload", { title: "t", files: files(size) }, { cookie: uploader.cookie });
    for (let index = 0; index < 10; index += 1) expect((await begin(1024)).reply.code).toBe("OK");
    expect((await begin(1024)).reply).toMatchObject({ code: "ERROR", data: { limit: 10 } });
    const big = await register(stack.gateway, "big");
    const beginBig = () =>
      post("/api/book/begin-upload", { title: "t", files: files(1024 ** 3 - 1) }, { cookie: big.cookie });
    for (let index = 0; index < 2; index += 1) {
      const begun = await beginBig();
      expect(begun.reply.code, begun.reply.msg).toBe("OK");
    }
    expect((await beginBig()).reply).toMatchObject({ code: "ERROR", data: { limit: 2 * 1024 ** 3 } });
  });

  it("refuses an overwrite of another user's book at begin-upload, and leaves no task behind", async () => {
    const book = await ownedBook(stack, owner);
    const refused = await post(
      "/api/book/begin-upload",
      { title: "t", overwrite: "1", bookId: book.bookId, files: files(1024) },
      { cookie: other.cookie },
    );
    expect(refused.reply).toMatchObject({ code: "ERROR", data: { bookId: book.bookId } });
    const progress = await post("/api/book/get-progress", { bookId: book.bookId }, { cookie: other.cookie });
    expect(progress.reply.code).not.toBe("OK");
  });

  it("fails (never leaves 'completing') an overwrite whose book is gone by its end", async () => {
    const book = await ownedBook(stack, owner);
    const pdf = await makePdf({ pages: 2 });
    const begun = await post(
      "/api/book/begin-upload",
      { title: "t", overwrite: "1", bookId: book.bookId, files: files(pdf.length) },
      { cookie: owner.cookie },
    );
    expect(begun.reply.code, begun.reply.msg).toBe("OK");
    const task = begun.reply.data as { taskId: string; files: { fileId: string }[] };
    const chunk = await stack.gateway.inject({
      method: "POST",
      url: `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId}&offset=0`,
      headers: { "content-type": "application/octet-stream", cookie: owner.cookie },
      payload: pdf,
    });
    expect(chunk.json()).toMatchObject({ code: "OK" });
    expect((await post("/api/book/delete-book", { bookId: book.bookId }, { cookie: owner.cookie })).reply.code).toBe(
      "OK",
    );
    const ended = await post("/api/book/end-upload", { taskId: task.taskId }, { cookie: owner.cookie });
    expect(ended.reply.code).toBe("ERROR");
    const progress = await post("/api/book/get-progress", { taskId: task.taskId }, { cookie: owner.cookie });
    expect(progress.reply.data).toMatchObject({
      phase: "failed",
      task: { state: "failed" },
    });
  });

  it("never redirects the PDF download to a host that is not listed", async () => {
    const book = await ownedBook(stack, owner);
    const downloadconfig = JSON.stringify({ pdf: { isOriginPath: false, url: "https://evil.example/x.pdf" } });
    const saved = await post(
      "/api/book/update-book",
      { bookId: book.bookId, isDownload: "1", downloadconfig },
      { cookie: owner.cookie },
    );
    expect(saved.reply.code, saved.reply.msg).toBe("OK");
    const download = await get(`/download/download-pdf-file.php?bookid=${book.bookId}`);
    expect(download.statusCode).not.toBe(302);
    expect(String(download.headers.location ?? "")).not.toContain("evil.example");
  });

  it("never puts a forged Host into a page, a share link or oEmbed", async () => {
    const book = await ownedBook(stack, owner);
    const forged = { host: "evil.example" };
    const page = await get(`/b/${book.number}`, forged);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${publicUrl}/b/${book.number}`);
    expect(page.body).not.toContain("evil.example");
    const info = await post("/api/book/get-book", { bookId: book.bookId }, { cookie: owner.cookie, headers: forged });
    expect(info.reply.code).toBe("OK");
    expect(JSON.stringify(info.reply.data)).not.toContain("evil.example");
    const embed = await get(`/oembed?url=${encodeURIComponent(`${publicUrl}/b/${book.number}`)}`, forged);
    expect(embed.json()).toMatchObject({ provider_url: publicUrl });
    expect(embed.body).not.toContain("evil.example");
  });

  it("answers oEmbed 404 for unknown, private and disabled books, 200 for a public one", async () => {
    const oembedOf = (link: string) => get(`/oembed?url=${encodeURIComponent(`${publicUrl}/b/${link}`)}`);
    const open = await ownedBook(stack, owner);
    expect((await oembedOf(open.number)).statusCode).toBe(200);
    expect((await oembedOf("nosuchbook")).statusCode).toBe(404);
    const hidden = await ownedBook(stack, owner);
    await setPrivacy(hidden.bookId, { access: "private" });
    expect((await oembedOf(hidden.number)).statusCode).toBe(404);
    const disabled = await ownedBook(stack, owner);
    await post("/api/book/set-book-status", { bookId: disabled.bookId, status: "disabled" }, { cookie: owner.cookie });
    expect((await oembedOf(disabled.number)).statusCode).toBe(404);
  });
});
