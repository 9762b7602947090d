import { describe, expect, it } from "vitest";
import { customJson, customKey, normaliseCard, uploadLog } from "./book-content.js";
import { aboutContent, adConfig, contactRule, multiPhoneNumbers } from "./contact-settings.js";

describe("phone numbers and ad config (spec 000 §3)", () => {
  it("normalises single and multiple phone numbers", () => {
    expect(contactRule({ singlePhoneNumber: " +86 10 1234 " })).toEqual({ singlePhoneNumber: "+86 10 1234" });
    expect(multiPhoneNumbers('[{"label":"Sales","number":"123-456"}]')).toEqual([
      { label: "Sales", number: "123-456" },
    ]);
    expect(() => multiPhoneNumbers("[{")).toThrow(expect.objectContaining({ messageKey: "invalidJson" }));
    expect(() => multiPhoneNumbers([{ label: "x", number: "call me" }])).toThrow(
      expect.objectContaining({ messageKey: "invalidPhone" }),
    );
  });

  it("defaults the ad interval to 3000 ms and checks banners", () => {
    const config = adConfig({ haveAd: "yes", data: [{ url: "https://x.io/a.png", link: "javascript:alert(1)" }] });
    expect(config).toMatchObject({ haveAd: true, interval: 3000, bgOpacity: 1, adPosition: "bottom" });
    expect(config.data).toEqual([{ image: "https://x.io/a.png", link: "" }]);
    expect(() => adConfig({ interval: 10 })).toThrow("interval");
    expect(() => adConfig({ data: [{ link: "https://x.io" }] })).toThrow(
      expect.objectContaining({ messageKey: "adImageRequired" }),
    );
  });
});

describe("the about panel's aboutContent (spec 001 info XML)", () => {
  it("keeps plain text and normalises an info XML with the serializer", () => {
    expect(aboutContent(" About us ")).toBe("About us");
    expect(aboutContent(undefined)).toBe("");
    expect(
      contactRule({
        aboutContent: '<info><title>A &amp; B</title><items><item type="Link">https://x.io</item></items></info>',
      }),
    ).toEqual({
      aboutContent:
        '<?xml version="1.0" encoding="UTF-8"?><info><title>A &amp; B</title><desc></desc><logo></logo>' +
        '<items><item type="Link">https://x.io</item></items></info>',
    });
  });

  it("refuses broken XML, non-text values and text over the settings tree's 5000 characters", () => {
    // The parser's reason rides in details (for the API caller); the owner reads the coded text.
    expect(() => aboutContent("<info><title>x</title>")).toThrow(
      expect.objectContaining({
        messageKey: "infoXmlInvalid",
        details: expect.objectContaining({ reason: "<info> is not closed" }),
      }),
    );
    expect(() => aboutContent("<about>x</about>")).toThrow(
      expect.objectContaining({
        messageKey: "infoXmlInvalid",
        details: expect.objectContaining({ reason: "not an info XML document" }),
      }),
    );
    expect(() => aboutContent({ title: "x" })).toThrow(expect.objectContaining({ messageKey: "field.invalid" }));
    expect(() => aboutContent("a".repeat(5001))).toThrow(
      expect.objectContaining({ messageKey: "textTooLong", messageParams: { field: "aboutContent", max: 5000 } }),
    );
    expect(() => aboutContent(`<info><title>${"a".repeat(200_001)}</title></info>`)).toThrow(
      expect.objectContaining({ messageKey: "textTooLong" }),
    );
  });
});

describe("custom entries, cards and logs", () => {
  it("keys custom config by spec 001's kinds", () => {
    expect(customKey("config", "", { forRead: false })).toBe("config");
    expect(customKey("config", "olsconfig", { forRead: false })).toBe("olsconfig");
    expect(() => customKey("config", "other", { forRead: false })).toThrow(
      expect.objectContaining({
        messageKey: "field.oneOf",
        messageParams: { field: "type", allowed: "config, olsconfig, theme" },
      }),
    );
    expect(() => customKey("content", "../x y", { forRead: false })).toThrow(
      expect.objectContaining({ messageKey: "customKeyFormat" }),
    );
  });

  it("wants JSON objects or lists", () => {
    expect(customJson('{"a": 1}')).toBe('{"a":1}');
    // A custom configuration's name (the editor's customConfigName): 1 to 64 characters, counted as characters.
    const named = (name: unknown) => customJson(JSON.stringify({ customConfigName: name }), "config", "config");
    expect(named("春".repeat(64))).toContain("春");
    expect(() => named("春".repeat(65))).toThrow(expect.objectContaining({ messageKey: "customConfigNameLength" }));
    expect(() => named("  ")).toThrow(expect.objectContaining({ messageKey: "field.required" }));
    expect(() => named(7)).toThrow(expect.objectContaining({ messageKey: "field.required" }));
    expect(customJson(JSON.stringify({ customConfigName: "x".repeat(99) }))).toContain("x");
    expect(() => customJson("{a")).toThrow(expect.objectContaining({ messageKey: "invalidJson" }));
    expect(() => customJson("3")).toThrow(expect.objectContaining({ messageKey: "field.jsonValue" }));
  });

  it("checks a card's name, email and links", () => {
    const card = {
      name: " Ana ",
      title: "",
      company: "",
      phone: "",
      email: "",
      website: "",
      address: "",
      avatar: "",
      description: "",
    };
    expect(normaliseCard(card).name).toBe("Ana");
    expect(() => normaliseCard({ ...card, name: "" })).toThrow(
      expect.objectContaining({ messageKey: "cardNameRequired" }),
    );
    expect(() => normaliseCard({ ...card, email: "nope" })).toThrow(
      expect.objectContaining({ messageKey: "invalidEmail" }),
    );
    expect(() => normaliseCard({ ...card, website: "javascript:alert(1)" })).toThrow("website");
  });

  it("keeps any upload log as an object", () => {
    expect(uploadLog('{"a":1}')).toEqual({ a: 1 });
    expect(uploadLog("plain")).toEqual({ text: "plain" });
    expect(() => uploadLog("x".repeat(40_000))).toThrow(
      expect.objectContaining({ messageKey: "field.tooBig", messageParams: { field: "log", max: 32 } }),
    );
  });
});
