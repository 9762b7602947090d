import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNonce, terminalCodeFromComponents } from "@turnleaf/licence-client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, type Reply, uploadPdf } from "../support/system.js";

// Every text the servers send reaches the user in the interface language: Chinese without Accept-Language (or with
// an interface language the catalogues lack), English when asked. The seven built processes and the real stores.
// Pictures typed as URLs are fetched by the book service: the shared system allows the test's own picture host on
// loopback, with a short time limit for the host that stalls (tests/setup/shared-system.ts).
const services = await workerSystem();
let book: { number: string; bookId: string };
let labelled: { number: string; bookId: string };

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

/** Asks with the default interface language (Chinese) and with English: the two texts and the message key. */
async function bothLanguages(path: string, body: string) {
  const chinese = (await call(path, body)).reply;
  const inEnglish = (await call(path, body, english)).reply;
  return { zh: chinese.msg, en: inEnglish.msg, key: (chinese.data as { messageKey?: string } | null)?.messageKey };
}

describe("texts that were English sentences in the services (each group by one case sent straight to the API)", () => {
  it("a preference outside its list (account settings)", async () => {
    expect(await bothLanguages("/api/user/set-user-meta", form({ cb_cutType: "9" }))).toEqual({
      zh: "cb_cutType 必须是以下之一：-1, 0, 1, 2, 3",
      en: "cb_cutType must be one of: -1, 0, 1, 2, 3",
      key: "field.oneOf",
    });
  });

  it("a team the user is not in (power administration)", async () => {
    expect(await bothLanguages("/api/team/get-team-role-power-config", form({ team: "987654" }))).toEqual({
      zh: "你不是该团队的成员",
      en: "not a member of this team",
      key: "notTeamMember",
    });
  });

  it("a page size out of range (the bookcase's request shape) and a label outside 0-3 (category and label checks)", async () => {
    expect(await bothLanguages("/api/book/get-book-list", form({ pageSize: "500" }))).toEqual({
      zh: "pageSize 必须在 1 到 100 之间",
      en: "pageSize must be from 1 to 100",
      key: "field.range",
    });
    labelled = await uploadPdf(services.gatewayUrl, await labelledPdf("L", 1), { title: "labels" });
    expect(await bothLanguages("/api/book/update-book", form({ bookId: labelled.bookId, label: "hot" }))).toEqual({
      zh: "label 必须是以下之一：0, 1, 2, 3",
      en: "label must be one of: 0, 1, 2, 3",
      key: "field.oneOf",
    });
  }, 120_000);

  it("the fields of a malformed request (the gateway's request parsing and its schema), each with its own text", async () => {
    const errorsOf = async (path: string, body: string, headers: Record<string, string> = {}) => {
      const { reply } = await call(path, body, headers);
      expect(reply).toMatchObject({ code: "ERROR", data: { messageKey: "requestException" } });
      return (reply.data as { errors: { field: string; message: string }[] }).errors;
    };
    const notJson = form({ title: "x", files: "not json" });
    expect(await errorsOf("/api/book/begin-upload", notJson)).toEqual([
      { field: "files", message: "files 必须是列表" },
    ]);
    expect(await errorsOf("/api/book/begin-upload", notJson, english)).toEqual([
      { field: "files", message: "files must be a list" },
    ]);
    expect(await errorsOf("/api/user/update-user-book-logo", form({}))).toEqual([
      { field: "logo", message: "请填写 logo" },
    ]);
    expect(await errorsOf("/api/user/update-user-book-logo", form({}), english)).toEqual([
      { field: "logo", message: "logo is required" },
    ]);
  });

  it("a reader's beacon that is not JSON, for an unknown book, and from another site", async () => {
    const beacon = (link: string, headers: Record<string, string> = {}) =>
      fetch(`${services.gatewayUrl}/b/${link}/insight/events`, {
        method: "POST",
        headers: { "content-type": "text/plain", ...headers },
        body: "{not json",
      });
    const unknown = await beacon("zz999999");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ msg: "书不存在", data: { messageKey: "bookNotFound" } });
    expect(await (await beacon("zz999999", english)).json()).toMatchObject({ msg: "book not found" });
    const crossSite = await beacon("zz999999", { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ msg: "已拒绝跨站请求", data: { messageKey: "reader.crossSite" } });
    const broken = await beacon(labelled.number, english);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ msg: "request exception", data: { messageKey: "requestException" } });
  });
});

describe("logo pictures measured on the server (spec 000 §5: at most 500×500 px, wider than 2 px)", () => {
  let pictures: Server;
  let host = "";
  const stalled = new Set<import("node:http").ServerResponse>();

  beforeAll(async () => {
    const jpeg = (side: number) =>
      sharp({ create: { width: side, height: side, channels: 3, background: "#808080" } })
        .jpeg()
        .toBuffer();
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
    const files: Record<string, Buffer> = {
      "/big.jpg": await jpeg(4000),
      "/narrow.png": await png(1, 30),
      "/fine.png": await png(150, 30),
    };
    pictures = createServer((request, response) => {
      const file = files[request.url ?? ""];
      if (file) return response.writeHead(200, { "content-type": "image/png" }).end(file);
      if (request.url === "/stalls.png") return void stalled.add(response); // headers never come
      if (request.url === "/endless.png") {
        // No content length: the size limit must hold while the bytes stream in.
        response.writeHead(200, { "content-type": "image/png" });
        const chunk = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const more = () => {
          while (sent < 12 && response.write(chunk)) sent++;
          if (sent >= 12) response.end();
          else response.once("drain", more);
        };
        return more();
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => pictures.listen(0, "127.0.0.1", resolve));
    host = `127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const response of stalled) response.destroy();
    await new Promise((resolve) => pictures?.close(resolve));
  });

  const setLogo = async (logo: string, headers: Record<string, string> = {}) =>
    (await call("/api/user/update-user-book-logo", form({ logo }), headers)).reply;

  it("refuses a 4000×4000 JPEG and a 1-px-wide PNG as the account logo, uploaded or on another site", async () => {
    const upload = async (name: string, bytes: Buffer) => {
      const body = new FormData();
      body.append("purpose", "image");
      body.append("file", new Blob([new Uint8Array(bytes)]), name);
      const response = await fetch(`${services.gatewayUrl}/api/common/upload-file`, { method: "POST", body });
      const reply = (await response.json()) as Reply;
      expect(reply.code, reply.msg).toBe("OK");
      return (reply.data as { url: string }).url;
    };
    const bigUpload = await upload(
      "big.jpg",
      await sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#000" } })
        .jpeg()
        .toBuffer(),
    );
    expect(await setLogo(bigUpload)).toMatchObject({
      code: "ERROR",
      msg: "图片尺寸最大 500*500 px，当前 4000*4000",
      data: { messageKey: "imageTooLarge" },
    });
    expect((await setLogo(bigUpload, english)).msg).toBe("image size max 500*500 px, current 4000*4000");
    const narrowUpload = await upload(
      "narrow.png",
      await sharp({ create: { width: 1, height: 30, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    expect(await setLogo(narrowUpload)).toMatchObject({ code: "ERROR", msg: "标志必须是宽度大于 2 px 的图片" });

    expect(await setLogo(`http://${host}/big.jpg`)).toMatchObject({ msg: "图片尺寸最大 500*500 px，当前 4000*4000" });
    expect((await setLogo(`http://${host}/narrow.png`, english)).msg).toBe("a logo must be an image wider than 2 px");
    // Nothing refused was stored; a logo within the rules is.
    expect(await setLogo(`http://${host}/fine.png`)).toMatchObject({
      code: "OK",
      data: { bookLogo: `http://${host}/fine.png` },
    });
  }, 60_000);

  it("refuses a picture URL in a private network, one that stalls and one that is too large, with coded texts", async () => {
    expect(await setLogo("http://10.1.2.3/logo.png")).toMatchObject({
      code: "ERROR",
      msg: "图片所在主机 10.1.2.3 位于私有网络：只能使用公共互联网上的图片",
      data: { messageKey: "picture.privateHost" },
    });
    expect((await setLogo("http://169.254.169.254/latest/meta-data", english)).msg).toBe(
      "the picture's host 169.254.169.254 is in a private network: only pictures on the public internet can be used",
    );
    expect(await setLogo(`http://${host}/stalls.png`)).toMatchObject({
      msg: "127.0.0.1 上的图片未在 2 秒内取回",
      data: { messageKey: "picture.timeout" },
    });
    expect(await setLogo(`http://${host}/endless.png`, english)).toMatchObject({
      msg: "the picture may not exceed 10 MB",
      data: { messageKey: "picture.tooLarge" },
    });
    expect((await setLogo(`http://${host}/missing.png`)).msg).toBe("无法获取 127.0.0.1 上的图片");
  }, 60_000);

  it("applies the same rules to a book's logo setting typed as a URL on another site, and the size limit to a background", async () => {
    const changed = async (url: string, key = "appLogoIcon", headers: Record<string, string> = {}) =>
      (
        await call(
          "/api/book/update-book",
          form({ bookId: labelled.bookId, bookConfig: JSON.stringify({ [key]: url }) }),
          headers,
        )
      ).reply;
    expect(await changed(`http://${host}/big.jpg`)).toMatchObject({
      code: "ERROR",
      msg: "图片尺寸最大 500*500 px，当前 4000*4000",
    });
    expect(await changed("http://10.9.9.9/logo.png")).toMatchObject({ data: { messageKey: "picture.privateHost" } });
    const fine = await changed(`http://${host}/fine.png`);
    expect(fine.code, fine.msg).toBe("OK");
    // A background typed as a URL is held to the file setting's 10 MB like an upload.
    expect(await changed(`http://${host}/endless.png`, "backGroundImgURL", english)).toMatchObject({
      code: "ERROR",
      msg: "the picture may not exceed 10 MB",
    });
    const stored = (await call("/api/book/get-book", form({ bookId: labelled.bookId }))).reply.data as {
      htmlConfig: Record<string, unknown>;
    };
    expect(stored.htmlConfig).toMatchObject({ appLogoIcon: `http://${host}/fine.png` });
    expect(stored.htmlConfig.backGroundImgURL).toBeUndefined();
  }, 60_000);
});
