import { describe, expect, it } from "vitest";
import { combineFailures, failureInEnglish, failureMessages, failureTextsEnglish } from "./failures.js";

describe("combineFailures", () => {
  it("keeps a single source's own message", () => {
    expect(combineFailures([{ name: "a.pdf", message: failureMessages.pdf("a.pdf: bad") }], 1)).toBe(
      "PDF conversion failed: a.pdf: bad",
    );
    expect(combineFailures([], 1)).toBeUndefined();
  });

  it("lets a wrong password win, and names the failing files of a merge", () => {
    expect(
      combineFailures(
        [
          { name: "a.pdf", message: failureMessages.image },
          { name: "b.pdf", message: "Incorrect Password!" },
        ],
        3,
      ),
    ).toBe("Incorrect Password!");
    expect(combineFailures([{ name: "b.png", message: failureMessages.image }], 2)).toBe(
      "some files could not be converted: b.png",
    );
  });
});

describe("coded failures", () => {
  it("words Office failures from the messages catalogue, English the same as en.json", async () => {
    const { readFile } = await import("node:fs/promises");
    const english = JSON.parse(
      await readFile(new URL("../../../language/src/labels/messages/en.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    for (const [key, text] of Object.entries(failureTextsEnglish)) expect(english[key]).toBe(text);
    expect(failureInEnglish(failureMessages.officeProtected("deck.pptx"))).toBe(
      "document conversion failed: deck.pptx is protected by a password: remove the password and upload it again",
    );
    expect(failureInEnglish("Incorrect Password!")).toBe("Incorrect Password!");
  });
});
