/**
 * Accounts through the real gateway on an in-process stack of their own (accounts-fixtures.ts): registering, logging
 * in and out with the session cookie, who acts (the dev actor, idle and absolute session expiry), the failed-login
 * and account-check limits, secrets kept out of logs and stores, and the login.php form. Cross-site posts and
 * ownership: accounts-boundaries.test.ts.
 */
import { createHash, randomBytes } from "node:crypto";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import type { Connection } from "@turnleaf/kit";
import { demoPassword } from "@turnleaf/power/in-process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PowerPart } from "../support/in-process-stack.js";
import { testPasswordCost } from "../support/password-cost.js";
import {
  accountCheckLimit,
  accountsHarness,
  attributesOf,
  cookieOf,
  failureLimit,
  hour,
  type Reply,
} from "./accounts-fixtures.js";

const harness = accountsHarness("accounts-sessions-test");
const { clock, powerLogLines, send, post, freshEmail, account } = harness;
let powerMongo: Connection;
let gateway: FastifyInstance;
let devGateway: FastifyInstance;
let admin: PowerPart["admin"];

beforeAll(async () => {
  ({ gateway, devGateway, admin, powerMongo } = await harness.start());
}, 60_000);

afterAll(() => harness.stop());

describe("register, log in, log out", () => {
  it("round-trips with the session cookie", async () => {
    const email = freshEmail();
    const registered = await send("/api/user/register", { email, password: "a good password" });
    expect(registered.json()).toMatchObject({ code: "OK", data: { email, uType: 2 } });
    const userId = String((registered.json() as Reply).data?.userId);
    expect(userId).toMatch(/^[0-9]{12}$/);

    const login = await send("/api/user/login", { email: email.toUpperCase(), password: "a good password" });
    expect(login.json()).toMatchObject({ code: "OK", data: { userId, email } });
    const setCookie = String(login.headers["set-cookie"]);
    // Attributes in any order (@fastify/cookie writes them): exactly these, no Secure over http.
    expect(attributesOf(setCookie)).toEqual([
      "HttpOnly",
      expect.stringMatching(/^Max-Age=\d+$/),
      "Path=/",
      "SameSite=Lax",
    ]);
    expect(setCookie).not.toContain("Secure");
    const cookie = cookieOf(login);

    expect(await post("/api/user/get-user", {}, { cookie })).toMatchObject({ code: "OK", data: { userId, email } });
    const info = await post("/api/user/get-user-info", {}, { cookie });
    expect(info).toMatchObject({ code: "OK", data: { userId } });
    expect(Date.parse(String(info.data?.sessionExpiresAt))).toBeGreaterThan(Date.now() + 6 * 24 * hour);
    // A ready config without a book: the session's user acts.
    expect(await post("/api/book/get-ready-config", {}, { cookie })).toMatchObject({
      code: "OK",
      data: { userId, uEmail: email },
    });

    const logout = await send("/api/user/logout", {}, { cookie });
    expect(logout.json()).toMatchObject({ code: "OK", data: { ended: true } });
    const cleared = String(logout.headers["set-cookie"]);
    expect(cleared).toMatch(/^tl_session=;/);
    expect(attributesOf(cleared)).toEqual([
      "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
      "HttpOnly",
      "Max-Age=0",
      "Path=/",
      "SameSite=Lax",
    ]);
    // The old cookie opens nothing any more.
    expect(await post("/api/user/get-user", {}, { cookie })).toMatchObject({
      code: "LOGIN_SIGNOUT",
      msg: "请登录",
    });
    expect(await post("/api/user/logout", {}, { cookie })).toMatchObject({ code: "OK", data: { ended: false } });
  });

  it("gives a new account the 5 free points, once", async () => {
    const { userId } = await account();
    const { power } = await admin.getAccountPower({ account: { userId } });
    expect(power?.plan).toMatchObject({ kind: PlanKind.POINTS, points: 5 });
    expect(power?.events.filter((event) => event.action === "grant-new-user-points")).toHaveLength(1);
  });

  it("refuses a taken email, a malformed email and a short password", async () => {
    const { email } = await account();
    expect(await post("/api/user/register", { email, password: "another password" })).toMatchObject({
      code: "ERROR",
      msg: "该邮箱已注册账户",
    });
    expect(await post("/api/user/register", { email: "not-an-email", password: "a good password" })).toMatchObject({
      code: "ERROR",
      msg: "请输入有效的邮箱地址",
    });
    expect(await post("/api/user/register", { email: freshEmail(), password: "short" })).toMatchObject({
      code: "ERROR",
      msg: "密码须为 8 到 128 个字符",
    });
  });

  it("logs the demo user in with the documented demo password", async () => {
    const reply = await post("/api/user/login", { email: "demo@turnleaf.local", password: demoPassword });
    expect(reply).toMatchObject({ code: "OK", data: { userId: "10001", uLink: "demo" } });
  });

  it("answers a wrong password or an unknown email alike: 'wrong user name or password'", async () => {
    const { email } = await account();
    for (const fields of [
      { email, password: "not the password" },
      { email: freshEmail(), password: "a good password" },
    ]) {
      const response = await send("/api/user/login", fields, { remoteAddress: "10.9.0.1" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.json()).toEqual({
        code: "ERROR",
        data: { reason: "WRONG_CREDENTIALS", messageKey: "wrongCredentials", messageParams: {} },
        msg: "用户名或密码错误",
        status: "0",
        mess: "用户名或密码错误",
      });
    }
    // The desktop tool's wording (spec 001 §8).
    expect(
      await post(
        "/api/user/login",
        { email, password: "not the password", client: "desktop" },
        // The desktop tool speaks English (it names it in Accept-Language); Chinese is the default.
        { remoteAddress: "10.9.0.2", headers: { "accept-language": "en" } },
      ),
    ).toMatchObject({ code: "ERROR", msg: "Incorrect email or password", data: { messageKey: "login.incorrect" } });
  });

  it("checkAccount.php says whether an account exists", async () => {
    const { email } = await account();
    expect(await post("/checkAccount.php", { email })).toMatchObject({ code: "OK", data: { email, exists: true } });
    const unknown = await gateway.inject({ method: "GET", url: `/checkAccount.php?email=${freshEmail()}` });
    expect(unknown.json()).toMatchObject({ code: "OK", data: { exists: false } });
    expect(await post("/checkAccount.php", {})).toMatchObject({ code: "ERROR", msg: "请求异常" });
  });

  it("checkAccount.php answers each client address at most the limit of checks in a sliding window, then a catalogue error", async () => {
    const { email } = await account();
    const from = (remoteAddress: string, fields: Record<string, string>) =>
      post("/checkAccount.php", fields, { remoteAddress });
    for (let check = 0; check < accountCheckLimit; check++) {
      const fields = { email: check % 2 === 0 ? email : freshEmail() };
      expect(await from("10.9.1.1", fields), `check ${check + 1}`).toMatchObject({
        code: "OK",
        data: { exists: check % 2 === 0 },
      });
    }
    // Existing or not, the next check from that address is refused without answering the question.
    for (const fields of [{ email }, { email: freshEmail() }]) {
      const refused = await from("10.9.1.1", fields);
      expect(refused).toMatchObject({
        code: "ERROR",
        status: "0",
        msg: "账户检查次数过多，请稍后再试",
        mess: "账户检查次数过多，请稍后再试",
      });
      expect(refused.data).not.toHaveProperty("exists");
      expect(Number(refused.data?.retryAfterSeconds)).toBeGreaterThan(0);
    }
    // Another address has its own window.
    expect(await from("10.9.1.2", { email })).toMatchObject({ code: "OK", data: { exists: true } });
    // Once the window has slid past the first checks, the address is answered again.
    clock.offsetMs = 5 * 60_000 + 1_000;
    try {
      expect(await from("10.9.1.1", { email })).toMatchObject({ code: "OK", data: { exists: true } });
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("never logs a password or a session token, and stores the session id only hashed", async () => {
    const password = `secret-${randomBytes(6).toString("hex")}`;
    const { cookie, userId } = await account(password);
    const token = cookie.split("=")[1] ?? "";
    const lines = powerLogLines.join("");
    expect(lines).toContain("logged in");
    expect(lines).not.toContain(password);
    expect(lines).not.toContain(token);

    const sessions = await powerMongo.db?.collection("sessions").find({ userId }).toArray();
    expect(sessions).toHaveLength(1);
    expect(sessions?.[0]?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(sessions)).not.toContain(token);
    const users = await powerMongo.db?.collection("users").find({ userId }).toArray();
    // Hashed at the cost the stack was given (tests/support/password-cost.ts), which the hash carries.
    expect(String(users?.[0]?.passwordHash)).toMatch(new RegExp(`^scrypt\\$${testPasswordCost.log2N}\\$8\\$1\\$`));
    expect(JSON.stringify(users)).not.toContain(password);
    // Nor does any reply carry the hash.
    expect(JSON.stringify(await post("/api/user/get-user", {}, { cookie }))).not.toContain("scrypt");
  });
});

describe("who acts", () => {
  it("answers LOGIN_SIGNOUT without a cookie when no dev actor is configured, and for an unknown cookie", async () => {
    for (const cookie of [undefined, "tl_session=nonsense", `tl_session=${randomBytes(32).toString("base64url")}`]) {
      expect(await post("/api/book/get-ready-config", {}, { cookie })).toMatchObject({
        code: "LOGIN_SIGNOUT",
        msg: "请登录",
        status: "0",
      });
    }
  });

  it("lets the dev actor act only for requests without a session cookie", async () => {
    const { cookie, userId } = await account();
    expect(await post("/api/user/get-user", {}, { app: devGateway })).toMatchObject({
      code: "OK",
      data: { userId: "10001", sessionExpiresAt: null },
    });
    expect(await post("/api/user/get-user", {}, { app: devGateway, cookie })).toMatchObject({
      code: "OK",
      data: { userId },
    });
    expect(await post("/api/user/get-user", {}, { app: devGateway, cookie: "tl_session=ended" })).toMatchObject({
      code: "LOGIN_SIGNOUT",
    });
  });

  it("answers LOGIN_TIMEOUT once the session sat idle past its idle expiry", async () => {
    const { cookie } = await account();
    try {
      clock.offsetMs = 11 * hour;
      expect(await post("/api/user/get-user", {}, { cookie })).toMatchObject({ code: "OK" });
      // Used at +11 h: idle until +23 h.
      clock.offsetMs = 22 * hour;
      expect(await post("/api/book/get-ready-config", {}, { cookie })).toMatchObject({ code: "OK" });
      clock.offsetMs = 34 * hour + 60_000;
      for (const path of ["/api/user/get-user", "/api/book/get-ready-config", "/api/book/get-book-privacy"]) {
        expect(await post(path, { bookId: "b1" }, { cookie })).toMatchObject({
          code: "LOGIN_TIMEOUT",
          msg: "登录超时，请重新登录",
        });
      }
      // Even the dev gateway does not fall back to its dev actor for an expired session.
      expect(await post("/api/user/get-user", {}, { app: devGateway, cookie })).toMatchObject({
        code: "LOGIN_TIMEOUT",
      });
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("answers LOGIN_TIMEOUT at the absolute expiry however often used", async () => {
    const { cookie } = await account();
    try {
      for (let hours = 10; hours < 7 * 24; hours += 10) {
        clock.offsetMs = hours * hour;
        expect(await post("/api/user/get-user", {}, { cookie })).toMatchObject({ code: "OK" });
      }
      clock.offsetMs = 7 * 24 * hour + 60_000;
      expect(await post("/api/user/get-user", {}, { cookie })).toMatchObject({ code: "LOGIN_TIMEOUT" });
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("marks the cookie Secure when the request came over https", async () => {
    const email = freshEmail();
    const response = await send(
      "/api/user/register",
      { email, password: "a good password" },
      { app: devGateway, headers: { "x-forwarded-proto": "https" } },
    );
    expect(attributesOf(String(response.headers["set-cookie"]))).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Secure"]),
    );
  });
});

describe("the failed-login limit", () => {
  it(`refuses an email from an address after ${failureLimit} failures, even the right password`, async () => {
    const { email } = await account();
    const address = "10.7.0.1";
    try {
      for (let attempt = 0; attempt < failureLimit; attempt++) {
        expect(
          await post("/api/user/login", { email, password: "wrong password" }, { remoteAddress: address }),
        ).toMatchObject({ code: "ERROR", msg: "用户名或密码错误" });
      }
      const limited = await post("/api/user/login", { email, password: "a good password" }, { remoteAddress: address });
      expect(limited).toMatchObject({ code: "ERROR", msg: "登录失败次数过多，请稍后再试" });
      expect(limited.data?.retryAfterSeconds).toBeGreaterThan(0);
      // Another address is not held back by these failures.
      expect(
        await post("/api/user/login", { email, password: "a good password" }, { remoteAddress: "10.7.0.2" }),
      ).toMatchObject({ code: "OK" });
      // Once the window has passed, the address may try again.
      clock.offsetMs = 16 * 60_000;
      expect(
        await post("/api/user/login", { email, password: "a good password" }, { remoteAddress: address }),
      ).toMatchObject({ code: "OK" });
    } finally {
      clock.offsetMs = 0;
    }
  });
});

describe("login.php", () => {
  it("answers the form on GET", async () => {
    const response = await gateway.inject({ method: "GET", url: "/login.php?back=/b/demo0001" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain('<form method="post" action="/login.php">');
    expect(response.body).toContain('value="/b/demo0001"');
  });

  it("logs in on the form POST and redirects back; a refusal answers the form with the message", async () => {
    const { email } = await account();
    const ok = await send("/login.php", { email, password: "a good password", back: "/book_edit2/?number=x" });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe("/book_edit2/?number=x");
    const cookie = cookieOf(ok);
    expect(await post("/api/user/get-user", {}, { cookie })).toMatchObject({ code: "OK", data: { email } });

    const offSite = await send("/login.php", { email, password: "a good password", back: "//evil.example/" });
    expect(offSite.headers.location).toBe("/book_edit2/bookcase");

    const refused = await send("/login.php", { email, password: "wrong password" }, { remoteAddress: "10.8.0.1" });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expect(refused.body).toContain("用户名或密码错误");
  });
});
