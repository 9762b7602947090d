import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionToken } from "./actor.js";
import { registerCookies } from "./cookies.js";

const app = Fastify();

beforeAll(async () => {
  await registerCookies(app);
  app.get("/token", async (request) => ({ token: sessionToken(request) ?? null }));
  await app.ready();
});

afterAll(() => app.close());

async function tokenFor(cookie: string | undefined): Promise<string | null> {
  const response = await app.inject({ method: "GET", url: "/token", headers: cookie === undefined ? {} : { cookie } });
  return response.json().token;
}

describe("sessionToken", () => {
  it("decodes the cookie's token, and keeps one that is not valid percent-encoding as sent", async () => {
    expect(await tokenFor("a=b; tl_session=abc%2Bdef")).toBe("abc+def");
    expect(await tokenFor("tl_session=%E0%A4%A")).toBe("%E0%A4%A");
    expect(await tokenFor("tl_session=")).toBeNull();
    expect(await tokenFor("")).toBeNull();
    expect(await tokenFor(undefined)).toBeNull();
  });
});
