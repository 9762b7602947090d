import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantCookieName } from "../domain/book-grant.js";
import { sessionCookieName, sessionToken } from "./actor.js";
import { clearSessionCookie, registerCookies, setGrantCookie, setSessionCookie } from "./cookies.js";
import { formTokenCookieName, issueFormToken } from "./same-origin.js";

/** A Set-Cookie header as its pair and its set of attributes (their order carries no meaning). */
function parts(header: string): { pair: string; attributes: string[] } {
  const [pair = "", ...attributes] = header.split("; ");
  return { pair, attributes: attributes.sort() };
}

let app: FastifyInstance;
let formToken = "";

beforeAll(async () => {
  app = Fastify({ trustProxy: true });
  await registerCookies(app);
  app.get("/login", async (_request, reply) => {
    setSessionCookie(reply, sessionCookieName, "tok_en-1", new Date(Date.now() + 3_600_000 + 500));
    return {};
  });
  app.get("/no-end", async (_request, reply) => {
    setSessionCookie(reply, sessionCookieName, "tok", undefined);
    return {};
  });
  app.get("/logout", async (_request, reply) => {
    clearSessionCookie(reply, sessionCookieName);
    return {};
  });
  app.get("/unlock", async (_request, reply) => {
    setGrantCookie(reply, grantCookieName("b1"), "b1", "123.v1.abc", 43_200);
    return {};
  });
  app.get("/form", async (_request, reply) => {
    formToken = issueFormToken(reply, "/login.php");
    return {};
  });
  app.get("/read", async (request) => ({
    session: sessionToken(request) ?? null,
    grant: request.cookies[grantCookieName("b1")] ?? null,
    form: request.cookies[formTokenCookieName] ?? null,
  }));
  await app.ready();
});

afterAll(() => app.close());

async function setCookie(url: string, https = false): Promise<string> {
  const response = await app.inject({ url, headers: https ? { "x-forwarded-proto": "https" } : {} });
  return String(response.headers["set-cookie"]);
}

describe("the gateway's Set-Cookie headers", () => {
  it("carry the attributes the hand-built headers had (and Secure over https only)", async () => {
    // The headers before @fastify/cookie, attribute for attribute.
    expect(parts(await setCookie("/login"))).toEqual(
      parts("tl_session=tok_en-1; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax"),
    );
    expect(parts(await setCookie("/login", true))).toEqual(
      parts("tl_session=tok_en-1; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure"),
    );
    expect(parts(await setCookie("/no-end"))).toEqual(
      parts("tl_session=tok; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"),
    );
    expect(parts(await setCookie("/unlock"))).toEqual(
      parts("tl_book_b1=123.v1.abc; Path=/b/b1; Max-Age=43200; HttpOnly; SameSite=Lax"),
    );
    expect(parts(await setCookie("/unlock", true))).toEqual(
      parts("tl_book_b1=123.v1.abc; Path=/b/b1; Max-Age=43200; HttpOnly; SameSite=Lax; Secure"),
    );
    const form = await setCookie("/form");
    expect(parts(form)).toEqual(parts(`tl_form=${formToken}; Path=/login.php; HttpOnly; SameSite=Strict`));
    expect(formToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(parts(await setCookie("/form", true)).attributes).toContain("Secure");
  });

  it("clear the session cookie with Max-Age=0 (and an Expires in the past, which says the same)", async () => {
    expect(parts(await setCookie("/logout"))).toEqual(
      parts("tl_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT"),
    );
    expect(parts(await setCookie("/logout", true)).attributes).toContain("Secure");
  });
});

describe("request.cookies", () => {
  const read = async (cookie?: string) =>
    (await app.inject({ url: "/read", headers: cookie === undefined ? {} : { cookie } })).json();

  it("reads each cookie by name, the first of a name sent twice", async () => {
    expect(await read("a=1; tl_book_b1=123.abc; tl_form=f1; tl_session=s1; z=2")).toEqual({
      session: "s1",
      grant: "123.abc",
      form: "f1",
    });
    expect(await read("tl_session=first; tl_session=second")).toMatchObject({ session: "first" });
    expect(await read()).toEqual({ session: null, grant: null, form: null });
    expect(await read("garbage;;=;tl_book_b1")).toEqual({ session: null, grant: null, form: null });
  });
});
