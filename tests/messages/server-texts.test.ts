import { randomUUID } from "node:crypto";
import { createNonce, terminalCodeFromComponents } from "@turnleaf/licence-client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { form, type Reply, startSystem, uploadPdf } from "../support/system.js";

// Every text the servers send reaches the user in the interface language: Chinese without Accept-Language (or with
// an interface language the catalogues lack), English when asked. The seven built processes and the real stores.
const stores = inject("stores");
let services: RunningServices & { logDir: string };
let book: { number: string; bookId: string };

beforeAll(async () => {
  services = await startSystem(stores, "server-texts");
}, 120_000);

afterAll(async () => {
  await services?.stopAll();
});

const english = { "accept-language": "en-GB,en;q=0.9" };

async function call(
  path: string,
  body?: string | Blob,
  headers: Record<string, string> = {},
  contentType = "application/x-www-form-urlencoded",
): Promise<{ status: number; reply: Reply }> {
  const response = await fetch(`${services.gatewayUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? headers : { "content-type": contentType, ...headers },
    body,
  });
  return { status: response.status, reply: (await response.json()) as Reply };
}

const machine = () => {
  const name = randomUUID();
  return terminalCodeFromComponents({ machineId: name, cpu: `${name}-cpu`, disk: `${name}-disk`, network: "mac" });
};

describe("the conversion's failure reason", () => {
  it("is shown in Chinese by default and in English on request (an image that cannot be decoded)", async () => {
    // A PNG signature passes the upload's type check; the rest cannot be decoded, so the conversion fails.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600, 7)]);
    const begun = await call(
      "/api/book/begin-upload",
      form({ title: "broken", files: JSON.stringify([{ name: "page.png", size: broken.length, type: "image/png" }]) }),
    );
    expect(begun.reply.code, begun.reply.msg).toBe("OK");
    const task = begun.reply.data as { taskId: string; files: { fileId: string }[] };
    const fileId = task.files[0]?.fileId ?? "";
    const sent = await call(
      `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${fileId}&offset=0`,
      new Blob([new Uint8Array(broken)]),
      {},
      "application/octet-stream",
    );
    expect(sent.reply.code, sent.reply.msg).toBe("OK");
    expect((await call("/api/book/end-upload", form({ taskId: task.taskId }))).reply.code).toBe("OK");
    const progress = async (headers: Record<string, string> = {}) =>
      (await call("/api/book/get-progress", form({ taskId: task.taskId }), headers)).reply.data as {
        phase: string;
        conversion: { message: string } | null;
      };
    await expect.poll(async () => (await progress()).phase, { timeout: 90_000, interval: 500 }).toBe("failed");
    expect((await progress()).conversion?.message).toBe("图片转换失败");
    expect((await progress(english)).conversion?.message).toBe("image conversion failed");
    // An interface language the catalogues lack answers Chinese, the default.
    expect((await progress({ "accept-language": "sw" })).conversion?.message).toBe("图片转换失败");
  }, 120_000);
});

describe("the licence service's refusals (spec 001 §8 codes, texts in the interface language)", () => {
  it("answers 401 and 402 with their texts", async () => {
    const empty = form({ licenceCode: " ", terminalCode: machine(), nonce: createNonce() });
    expect((await call("/api/licence/register", empty)).reply).toMatchObject({
      code: "401",
      msg: "请输入有效的注册码！",
      data: { messageKey: "licence.enterValidCode" },
    });
    expect((await call("/api/licence/register", empty, english)).reply).toMatchObject({
      code: "401",
      msg: "Please enter a valid registration code!",
    });
    const unknown = form({
      licenceCode: "ABCDE-FGHJK-MNPQR-STVWX-YZ012",
      terminalCode: machine(),
      nonce: createNonce(),
    });
    expect((await call("/api/licence/register", unknown)).reply).toMatchObject({ code: "402", msg: "注册码错误" });
    expect((await call("/api/licence/register", unknown, english)).reply).toMatchObject({
      code: "402",
      msg: "licence code error",
    });
    const noTerminal = form({ licenceCode: "X", nonce: createNonce() });
    expect((await call("/api/licence/register", noTerminal)).reply).toMatchObject({
      code: "401",
      msg: "参数错误：terminalCode",
    });
  });
});

describe("login.php", () => {
  /** The form's page and its token cookie, then a post of wrong credentials; answers the page shown. */
  async function wrongLogin(lang?: string): Promise<string> {
    const query = lang ? `?lang=${lang}` : "";
    const page = await fetch(`${services.gatewayUrl}/login.php${query}`);
    const html = await page.text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const fields: Record<string, string> = { email: `${randomUUID()}@example.org`, password: "wrong-password" };
    fields.form_token = token;
    fields.back = "/book_edit2/";
    if (lang) fields.lang = lang;
    const answer = await fetch(`${services.gatewayUrl}/login.php`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: services.gatewayUrl },
      body: form(fields),
      redirect: "manual",
    });
    expect(answer.status).toBe(200);
    return answer.text();
  }

  it("shows its form and the wrong-password refusal in Chinese by default, in English with lang=en", async () => {
    const chinese = await wrongLogin();
    expect(chinese).toContain('<html lang="zh-CN">');
    expect(chinese).toContain("<h1>登录</h1>");
    expect(chinese).toContain('<p role="alert" class="error">用户名或密码错误</p>');
    expect(chinese).toContain('<label for="password">密码</label>');
    const inEnglish = await wrongLogin("en");
    expect(inEnglish).toContain("<h1>Log in</h1>");
    expect(inEnglish).toContain('<p role="alert" class="error">wrong user name or password</p>');
  });
});

describe("the reader's answers", () => {
  it("words readers' message refusals, a locked book, a wrong password and a disabled book", async () => {
    const { gatewayUrl } = services;
    book = await uploadPdf(gatewayUrl, await labelledPdf("T", 3), { title: "texts" });
    const on = await call(
      "/api/book/update-book",
      form({ bookId: book.bookId, bookConfig: JSON.stringify({ MessageButtonVisible: "Show" }) }),
    );
    expect(on.reply.code, on.reply.msg).toBe("OK");
    const comment = form({ name: " ", message: "hello" });
    expect((await call(`/b/${book.number}/post-comment`, comment)).reply).toMatchObject({
      code: "ERROR",
      msg: "请输入您的姓名",
      data: { messageKey: "comment.nameRequired", field: "name" },
    });
    expect((await call(`/b/${book.number}/post-comment`, comment, english)).reply.msg).toBe("please enter your name");

    const locked = await call(
      "/api/book/set-book-privacy",
      form({
        bookId: book.bookId,
        access: "password",
        mode: "single",
        password: "open-sesame",
        hint: "",
        fromPage: "1",
      }),
    );
    expect(locked.reply.code, locked.reply.msg).toBe("OK");
    const wrong = form({ password: "not-it" });
    expect((await call(`/b/${book.number}/unlock`, wrong)).reply).toMatchObject({ code: "ERROR", msg: "密码错误！" });
    expect((await call(`/b/${book.number}/unlock`, wrong, english)).reply.msg).toBe("Incorrect Password!");
    const lockedComment = await call(`/b/${book.number}/post-comment`, form({ name: "Ann", message: "hi" }));
    expect(lockedComment).toMatchObject({ status: 403, reply: { msg: "此书受密码保护" } });

    const disabled = await call("/api/book/set-book-status", form({ bookId: book.bookId, status: "disabled" }));
    expect(disabled.reply.code, disabled.reply.msg).toBe("OK");
    expect(await call(`/b/${book.number}/book.json`)).toMatchObject({ status: 404, reply: { msg: "书不存在" } });
    expect(await call(`/b/${book.number}/book.json`, undefined, english)).toMatchObject({
      status: 404,
      reply: { msg: "book not found", data: { messageKey: "bookNotFound" } },
    });
    const notFoundPage = await fetch(`${gatewayUrl}/b/${book.number}`);
    expect(notFoundPage.status).toBe(404);
    expect(await notFoundPage.text()).toContain('<p role="alert" data-reason="notFound">书不存在</p>');
    expect(await (await fetch(`${gatewayUrl}/b/${book.number}?lang=en`)).text()).toContain(">book not found</p>");
  }, 150_000);
});
