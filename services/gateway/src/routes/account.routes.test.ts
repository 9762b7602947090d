import { describe, expect, it } from "vitest";
import { landingPath, loginPage, safeBackPath } from "./account.routes.js";

describe("login.php", () => {
  it("redirects back only to a path on this site", () => {
    expect(safeBackPath("/b/demo0001?page=2")).toBe("/b/demo0001?page=2");
    for (const unsafe of ["//evil.example/", "/\\evil.example", "https://evil.example/", "javascript:x", "", 3]) {
      expect(safeBackPath(unsafe)).toBe(landingPath);
    }
  });

  it("lands on the bookcase when there is no page to go back to", () => {
    expect(landingPath).toBe("/book_edit2/bookcase");
    expect(safeBackPath(undefined)).toBe("/book_edit2/bookcase");
    expect(safeBackPath("/")).toBe("/book_edit2/bookcase");
    expect(safeBackPath("/book_edit2/editor?num=abc")).toBe("/book_edit2/editor?num=abc");
  });

  it("escapes what it echoes", () => {
    const page = loginPage({ back: '/x"><script>', email: "<b>@x.org", message: "wrong user name or password" });
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;b&gt;@x.org");
    expect(page).toContain('action="/login.php"');
    expect(page).toContain("wrong user name or password");
  });
});
