import { fastifyCookie } from "@fastify/cookie";
import { describe, expect, it } from "vitest";
import { sessionToken } from "./actor.js";

const withCookie = (header: string) => ({ cookies: fastifyCookie.parse(header) });

describe("sessionToken", () => {
  it("decodes the cookie's token, and keeps one that is not valid percent-encoding as sent", () => {
    expect(sessionToken(withCookie("a=b; tl_session=abc%2Bdef"))).toBe("abc+def");
    expect(sessionToken(withCookie("tl_session=%E0%A4%A"))).toBe("%E0%A4%A");
    expect(sessionToken(withCookie("tl_session="))).toBeUndefined();
    expect(sessionToken(withCookie(""))).toBeUndefined();
    expect(sessionToken({ cookies: {} })).toBeUndefined();
  });
});
