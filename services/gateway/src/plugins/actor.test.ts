import { describe, expect, it } from "vitest";
import { sessionToken } from "./actor.js";

describe("sessionToken", () => {
  it("decodes the cookie's token, and keeps one that is not valid percent-encoding as sent", () => {
    expect(sessionToken({ headers: { cookie: "a=b; tl_session=abc%2Bdef" } })).toBe("abc+def");
    expect(sessionToken({ headers: { cookie: "tl_session=%E0%A4%A" } })).toBe("%E0%A4%A");
    expect(sessionToken({ headers: { cookie: "tl_session=" } })).toBeUndefined();
    expect(sessionToken({ headers: {} })).toBeUndefined();
  });
});
