import { describe, expect, it } from "vitest";
import { settingsSource } from "./catalogue/settings.js";
import { checkSetting, checkSettings, settingsSchema } from "./setting-schema.js";
import { refusalText } from "./setting-texts.js";

const schema = settingsSchema(settingsSource);

const refused = (key: string, value: unknown) => {
  const checked = checkSetting(schema, key, value);
  if (checked.ok) throw new Error(`${key}=${JSON.stringify(value)} was accepted`);
  return checked.refusal;
};
const accepted = (key: string, value: unknown) => {
  const checked = checkSetting(schema, key, value);
  if (!checked.ok) throw new Error(`${key}=${JSON.stringify(value)} was refused: ${checked.refusal.problem}`);
  return checked.value;
};

describe("checkSetting: the catalogue's rules for every type", () => {
  it.each([
    ["backGroundImgURL", "javascript:alert(1)", "link"],
    ["backGroundImgURL", "data:image/png;base64,AAAA", "link"],
    ["backGroundImgURL", "javascript:alert(1)//.png", "link"],
    ["backGroundImgURL", "/files/bg.exe", "fileKind"],
    ["bgColor", "not a colour", "colour"],
    ["bgColor", "red", "colour"],
    ["flippingTime", "abc", "number"],
    ["flippingTime", 99, "number"],
    ["pageMode", "triple", "option"],
    ["leftMargin", 99999, "integer"],
    ["leftMargin", 1.5, "integer"],
    ["backgroundOpacity", 1.5, "number"],
    ["toolbarAlpha", -0.1, "number"],
    ["thumbnailAlpha", 101, "integer"],
    ["buttonIconSize", 17, "integer"],
    ["buttonIconSize", 36, "integer"],
    ["autoPlayLoopCount", 0, "excluded"],
    ["autoPlayLoopCount", -2, "integer"],
    ["hardCover", "maybe", "boolean"],
    ["socialSharingList", ["wechat", "myspace"], "options"],
    ["HomeURL", "javascript:alert(1)", "format"],
    ["printWatermark", "x".repeat(101), "text"],
    ["backgroundMusic", { url: "/a.mp3", loops: 0 }, "excluded"],
    ["backgroundMusic", { url: "javascript:alert(1).mp3" }, "link"],
    ["backgroundMusic", { speed: 2 }, "unknownField"],
    ["backgroundMusic", "music.mp3", "object"],
    ["notInTheCatalogue", { nested: true }, "unknownSetting"],
    ["notInTheCatalogue", "javascript:alert(1)", "link"],
  ])("%s = %j is refused (%s)", (key, value, rule) => {
    expect(refused(key, value).rule).toBe(rule);
  });

  it("accepts valid values, legacy spellings and clearing", () => {
    expect(accepted("flippingTime", "0.5")).toBe("0.5");
    expect(accepted("flipDirection", "RTL")).toBe("RTL");
    expect(accepted("bgColor", "0x3a3f47")).toBe("0x3a3f47");
    expect(accepted("bgColor", "rgba(1, 2, 3, 0.5)")).toBe("rgba(1, 2, 3, 0.5)");
    expect(accepted("autoPlayLoopCount", -1)).toBe(-1);
    expect(accepted("autoPlayLoopCount", 3)).toBe(3);
    expect(accepted("leftMargin", -20)).toBe(-20);
    expect(accepted("backGroundImgURL", "files/bg.jpg")).toBe("files/bg.jpg");
    expect(accepted("backGroundImgURL", "https://cdn.example.com/bg.png")).toBe("https://cdn.example.com/bg.png");
    expect(accepted("socialSharingList", '["wechat","qqShare"]')).toBe('["wechat","qqShare"]');
    expect(accepted("backgroundMusic", '{"url":"/a.mp3","loops":2}')).toEqual({ url: "/a.mp3", loops: 2 });
    expect(accepted("hardCover", "No")).toBe("No");
    for (const key of ["bgColor", "flippingTime", "backgroundMusic", "pageMode"]) expect(accepted(key, "")).toBe("");
    expect(accepted("notInTheCatalogue", "Show")).toBe("Show");
  });

  it("normalises texts: control and bidi-override characters removed, line breaks only where multi-line", () => {
    expect(accepted("loadingCaption", "Wel\u0000come\u202e")).toBe("Welcome");
    expect(accepted("btnShareWithEmailBody", "a\r\nb\u2066")).toBe("a\nb");
    expect(accepted("printWatermark", "a\nb")).toBe("a b");
  });

  it("refuses a whole change for its first bad value and names the setting's catalogue texts", () => {
    const checked = checkSettings(schema, { bgColor: "#123456", thumbnailAlpha: 500 });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.refusal).toMatchObject({
      key: "thumbnailAlpha",
      rule: "integer",
      params: { min: 0, max: 100 },
      title: { zh: "缩略图透明度", en: "Thumbnail alpha" },
    });
    expect(refusalText(checked.refusal, "zh")).toBe("缩略图透明度：请输入 0 到 100 之间的整数");
    expect(refusalText(checked.refusal, "en")).toBe("Thumbnail alpha: enter a whole number from 0 to 100");
    expect(refusalText(checked.refusal, "en", { ruleInteger: "ganze Zahl {min}–{max}" })).toBe(
      "Thumbnail alpha: ganze Zahl 0–100",
    );
    expect(checkSettings(schema, { adConfig: { any: "thing" } }, new Set(["adConfig"]))).toMatchObject({ ok: true });
  });

  it("a form field's refusal names the field", () => {
    const refusal = refused("backgroundMusic", { url: "/a.mp3", loops: 0 });
    expect(refusalText(refusal, "zh")).toBe("循环次数：不能为 0");
  });
});
