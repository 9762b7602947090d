import { type CodedMessage, codedOfText, renderMessage } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { combineFailures, failureInEnglish, failureMessages, failureTextsEnglish, readReasons } from "./failures.js";

describe("combineFailures", () => {
  it("keeps a single source's own message", () => {
    const only = combineFailures([{ name: "a.pdf", message: failureMessages.pdf("a.pdf", readReasons.format) }], 1);
    expect(failureInEnglish(only ?? "")).toBe("PDF conversion failed: a.pdf: not a PDF or corrupted");
    expect(combineFailures([], 1)).toBeUndefined();
  });

  it("lets a wrong password win, and names the failing files of a merge", () => {
    expect(
      combineFailures(
        [
          { name: "a.pdf", message: failureMessages.image },
          { name: "b.pdf", message: failureMessages.incorrectPassword },
        ],
        3,
      ),
    ).toBe(failureMessages.incorrectPassword);
    const merged = combineFailures([{ name: "b.png", message: failureMessages.image }], 2);
    expect(failureInEnglish(merged ?? "")).toBe("some files could not be converted: b.png");
  });
});

describe("coded failures", () => {
  it("words every failure from the messages catalogue, English the same as en.json, in all 12 languages", async () => {
    const { readFile } = await import("node:fs/promises");
    const english = JSON.parse(
      await readFile(new URL("../../../language/src/labels/messages/en.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    for (const [key, text] of Object.entries(failureTextsEnglish)) expect(english[key]).toBe(text);
    const chinese = JSON.parse(
      await readFile(new URL("../../../language/src/labels/messages/zh-CN.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    expect(renderMessage(chinese, codedOfText(failureMessages.pdf("a.pdf", readReasons.format)) as CodedMessage)).toBe(
      "PDF 转换失败：a.pdf：不是 PDF 文件或文件已损坏",
    );
    expect(failureInEnglish(failureMessages.officeProtected("deck.pptx"))).toBe(
      "document conversion failed: deck.pptx is protected by a password: remove the password and upload it again",
    );
    expect(failureInEnglish("a plain text")).toBe("a plain text");
    // An internal error's English detail never reaches the user: its reason reads "unknown error".
    expect(failureInEnglish(failureMessages.pages("3", new Error("heap exhausted")))).toBe(
      "PDF conversion failed: pages 3: unknown error",
    );
  });
});
