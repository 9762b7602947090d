import {
  ApiError,
  blockedFeatureText,
  bookStatusOf,
  checkAttachment,
  checkImage,
  checkSettingFile,
  chunkLoadTimeoutMs,
  chunkPolicy,
  colourIn,
  devicesFor,
  escapeSetsCloseFrame,
  exposeWindowApi,
  fileSettingMaxBytes,
  forwardOnly,
  guideStepLabel,
  guideSteps,
  hintKey,
  interfaceLanguages,
  isPageRange,
  isUnpaidWarning,
  labelsFor,
  languageOf,
  megabyte,
  networkErrorMessage,
  parseInstruction,
  presentationOf,
  scaleToFit,
  takeHint,
  titleOfFile,
  untilImported,
  untilReached,
  windowApi,
  windowApiNames,
} from "@turnleaf/editor/testing";
import { describe, expect, it } from "vitest";

// The editor's pure logic added for issue 6: reply presentation, languages, the assistant's interpreter, the
// guide, preview hints, upload and file limits.
describe("reply codes of spec 000 §8", () => {
  it("routes each refusal to its presentation", () => {
    expect(presentationOf(new ApiError("LOGIN_SIGNOUT", "please log in"))).toEqual({
      kind: "login",
      text: "please log in",
    });
    expect(presentationOf(new ApiError("NETWORK", networkErrorMessage))).toEqual({
      kind: "toast",
      text: "network error, refresh and retry or contact support",
    });
    const overLimit = new ApiError("BOOK_UPLOAD_OVER_LIMIT", "BOOK_FILE_NUM: the limit of 3 hosted books is reached", {
      quota: "PUB_BOOK_NUM",
    });
    expect(presentationOf(overLimit)).toMatchObject({ kind: "limit", quota: "PUB_BOOK_NUM" });
    expect(presentationOf(new ApiError("BOOK_UPLOAD_OVER_LIMIT", "over", null))).toMatchObject({
      quota: "BOOK_FILE_NUM",
    });
    expect(presentationOf(new ApiError("ERROR", blockedFeatureText("logo")))).toEqual({
      kind: "support",
      text: "no permission for function logo, contact support to unlock",
    });
    expect(presentationOf(new ApiError("ERROR", "free users cannot use upload"))).toEqual({
      kind: "toast",
      text: "free users cannot use upload",
    });
    // A coded server message in Chinese opens the confirm by its key, not by its words.
    const blocked = new ApiError("POWER_LIMIT", "没有标志功能的权限，请联系客服开通", {
      messageKey: "featureBlocked",
      messageParams: { feature: { key: "feature.LOGO" } },
    });
    expect(presentationOf(blocked)).toEqual({ kind: "support", text: "没有标志功能的权限，请联系客服开通" });
    expect(presentationOf(new ApiError("ERROR", "免费用户不能使用上传", { messageKey: "freeUserUpload" }))).toEqual({
      kind: "toast",
      text: "免费用户不能使用上传",
    });
  });

  it("maps bStatus to the replace list's statuses", () => {
    expect([1, undefined, 0, 2, 3].map(bookStatusOf)).toEqual(["normal", "normal", "disabled", "processing", "error"]);
  });
});

describe("interface languages", () => {
  it("has the twelve of spec 001 §1 with Chinese first and the default", () => {
    expect(interfaceLanguages.map((language) => language.code)).toEqual([
      "zh-CN",
      "en",
      "ja",
      "hi",
      "fr",
      "ar",
      "de",
      "ko",
      "pt",
      "ro",
      "es",
      "th",
    ]);
    expect(languageOf(null)).toBe("zh-CN");
    expect(languageOf("EN-us")).toBe("en");
    expect(languageOf("pt_BR")).toBe("pt");
    expect(languageOf("zh-TW")).toBe("zh-CN");
    expect(languageOf("xx")).toBe("zh-CN");
  });
});

describe("the assistant's interpreter", () => {
  it("understands the issue's examples", () => {
    expect(parseInstruction("把背景换成蓝色")).toEqual([{ kind: "set", values: { bgColor: "#1f5fbf" } }]);
    expect(parseInstruction("use the dark theme")).toEqual([{ kind: "theme", name: "dark" }]);
    expect(parseInstruction("turn on auto flip every 5 seconds")).toEqual([
      { kind: "set", values: { autoFlip: true, autoFlipIntervalSeconds: 5 } },
    ]);
    expect(parseInstruction("undo")).toEqual([{ kind: "undo" }]);
    expect(parseInstruction("撤销")).toEqual([{ kind: "undo" }]);
    expect(parseInstruction("redo")).toEqual([{ kind: "redo" }]);
  });

  it("reads texts, music, designs, switches and modes in both languages", () => {
    expect(parseInstruction("set the title to My Catalogue")).toEqual([{ kind: "title", text: "My Catalogue" }]);
    expect(parseInstruction("书名改成春季目录")).toEqual([{ kind: "title", text: "春季目录" }]);
    expect(parseInstruction("description: a spring catalogue")).toEqual([
      { kind: "description", text: "a spring catalogue" },
    ]);
    expect(parseInstruction("关键词设为 春天, 目录")).toEqual([{ kind: "keywords", text: "春天, 目录" }]);
    expect(parseInstruction("tags: spring")).toEqual([{ kind: "tags", text: "spring" }]);
    expect(parseInstruction("背景音乐 https://example.com/a.mp3")).toEqual([
      { kind: "music", url: "https://example.com/a.mp3" },
    ]);
    expect(parseInstruction("turn off the background music")).toEqual([{ kind: "music", url: "" }]);
    expect(parseInstruction("用深色主题")).toEqual([{ kind: "theme", name: "dark" }]);
    expect(parseInstruction("apply the ocean scene")).toEqual([{ kind: "scene", name: "ocean" }]);
    expect(parseInstruction("template: magazine")).toEqual([{ kind: "template", name: "magazine" }]);
    expect(parseInstruction("关闭自动翻页")).toEqual([{ kind: "set", values: { autoFlip: false } }]);
    expect(parseInstruction("打开翻页声音")).toEqual([{ kind: "set", values: { flipSound: true } }]);
    expect(parseInstruction("no hard cover")).toEqual([{ kind: "set", values: { hardCover: false } }]);
    expect(parseInstruction("flip right to left")).toEqual([{ kind: "set", values: { flipDirection: "rtl" } }]);
    expect(parseInstruction("单页显示")).toEqual([{ kind: "set", values: { pageMode: "single" } }]);
    expect(parseInstruction("切换到手机预览")).toEqual([{ kind: "mode", device: "phone" }]);
    expect(parseInstruction("switch to PC preview")).toEqual([{ kind: "mode", device: "pc" }]);
    expect(parseInstruction("make the toolbar #ABCDEF")).toEqual([
      { kind: "set", values: { toolbarColor: "#abcdef" } },
    ]);
    expect(colourIn("red")).toBe("#c0392b");
  });

  it("answers nothing it does not understand", () => {
    expect(parseInstruction("what is the weather like")).toEqual([]);
    expect(parseInstruction("蓝色")).toEqual([]);
    expect(parseInstruction("   ")).toEqual([]);
  });

  it("puts the spec's window methods on a target and takes them away", () => {
    const target: Record<string, unknown> = {};
    const calls: string[] = [];
    const api = Object.fromEntries(
      windowApiNames.map((name) => [name, (...args: unknown[]) => calls.push(`${name}:${JSON.stringify(args)}`) > 0]),
    ) as unknown as Parameters<typeof exposeWindowApi>[0];
    const remove = exposeWindowApi(api, target);
    expect(windowApi(target)?.setBookProperties({ bgColor: "#000" })).toBe(true);
    expect(calls).toEqual(['setBookProperties:[{"bgColor":"#000"}]']);
    remove();
    expect(windowApi(target)).toBeUndefined();
  });
});

describe("guide and preview hints", () => {
  it("has the fourteen steps in the spec's order", () => {
    expect(guideSteps.map((step) => step.id)).toEqual([
      "assistant",
      "basic",
      "template",
      "theme",
      "scene",
      "functions",
      "settings",
      "catalog",
      "bookmark",
      "languages",
      "config",
      "media",
      "flipMode",
      "savePreview",
    ]);
  });

  it("says each step in its own label, Chinese by default, every language from the editor's catalogue", () => {
    const chinese = labelsFor("zh-CN");
    const english = labelsFor("en");
    expect(chinese[guideStepLabel("settings")]).toBe("设置：替换内容和清晰度");
    expect(english[guideStepLabel("settings")]).toContain("replace content and sharpness");
    expect(english[guideStepLabel("flipMode")]).toBe("Switch the flip mode");
    // Fourteen steps, fourteen different texts in each built-in language.
    expect(new Set(guideSteps.map((step) => chinese[guideStepLabel(step.id)])).size).toBe(14);
    expect(new Set(guideSteps.map((step) => english[guideStepLabel(step.id)])).size).toBe(14);
  });

  it("sets the close-frame flag on Escape only inside a frame whose escape is not limited", () => {
    expect(escapeSetsCloseFrame(true, false)).toBe(true);
    expect(escapeSetsCloseFrame(true, true)).toBe(false);
    expect(escapeSetsCloseFrame(false, false)).toBe(false);
  });

  it("shows each device's hint once, remembered in the store; PAD only in view mode", () => {
    const stored = new Map<string, string>();
    const store = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    expect(takeHint(store, "phone")).toBe(true);
    expect(takeHint(store, "phone")).toBe(false);
    expect(stored.get(hintKey("phone"))).toBe("1");
    expect(takeHint(store, "pc")).toBe(true);
    expect(devicesFor(false)).toEqual(["pc", "phone"]);
    expect(devicesFor(true)).toEqual(["pc", "pad", "phone"]);
  });
});

describe("trying again what did not reach the server", () => {
  const quick = { attempts: 2, firstDelayMs: 1, maxDelayMs: 1 };
  const failingTimes = (failures: number, error: () => Error) => {
    let calls = 0;
    const send = async () => {
      calls++;
      if (calls <= failures) throw error();
      return "arrived";
    };
    return { send, calls: () => calls };
  };
  const unreached = () => new ApiError("NETWORK", "network error");

  it("imports a screen's code again after any failure, up to the policy's attempts", async () => {
    const chunk = failingTimes(2, () => new TypeError("Failed to fetch dynamically imported module"));
    await expect(untilImported(chunk.send, quick)).resolves.toBe("arrived");
    expect(chunk.calls()).toBe(3);
    const gone = failingTimes(3, () => new TypeError("Failed to fetch dynamically imported module"));
    await expect(untilImported(gone.send, quick)).rejects.toThrow(TypeError);
    expect(gone.calls()).toBe(3);
  });

  it("waits for a screen's code up to spec 000's 120 s (not the calls' ~40 s), then gives up", async () => {
    expect(chunkLoadTimeoutMs).toBe(120_000);
    // Each failed import takes 10 s of a clock the test keeps: the import is tried until 120 s have gone.
    let clock = 0;
    const slow = async () => {
      clock += 10_000;
      throw new TypeError("Failed to fetch dynamically imported module");
    };
    const endless = { attempts: Number.POSITIVE_INFINITY, firstDelayMs: 1, maxDelayMs: 1 };
    await expect(untilImported(slow, endless, chunkLoadTimeoutMs, () => clock)).rejects.toThrow(TypeError);
    expect(clock).toBe(120_000);
    // The default policy has no attempt cap of its own: the time limit decides.
    expect(chunkPolicy.attempts).toBe(Number.POSITIVE_INFINITY);
    let arrivesAt = 0;
    const late = async () => {
      clock += 10_000;
      if (clock - arrivesAt < 90_000) throw new TypeError("Failed to fetch dynamically imported module");
      return "arrived";
    };
    clock = 0;
    arrivesAt = 0;
    await expect(untilImported(late, endless, chunkLoadTimeoutMs, () => clock)).resolves.toBe("arrived");
  });

  it("sends a call again only while it does not reach the server, and stops when told to give up", async () => {
    const call = failingTimes(2, unreached);
    await expect(untilReached(call.send, quick)).resolves.toBe("arrived");
    expect(call.calls()).toBe(3);
    const refused = failingTimes(1, () => new ApiError("ERROR", "refused"));
    await expect(untilReached(refused.send, quick)).rejects.toMatchObject({ code: "ERROR" });
    expect(refused.calls()).toBe(1);
    const paused = failingTimes(2, unreached);
    await expect(untilReached(paused.send, quick, () => true)).rejects.toMatchObject({ code: "NETWORK" });
    expect(paused.calls()).toBe(1);
  });
});

describe("upload and file limits", () => {
  it("checks page ranges, unpaid warnings and batch titles", () => {
    expect(isPageRange("1,5-8,20")).toBe(true);
    expect(isPageRange("1-")).toBe(false);
    expect(isPageRange("")).toBe(false);
    expect(isUnpaidWarning("no points left: the book will be paused after 24 hours if uploaded")).toBe(true);
    expect(isUnpaidWarning("点数已用完：如果上传，本书将在 24 小时后暂停")).toBe(true);
    expect(isUnpaidWarning("")).toBe(false);
    expect(titleOfFile("Spring catalogue.pdf")).toBe("Spring catalogue");
  });

  it("never moves a conversion's pages count back when a watch replays from its start", () => {
    const shown: string[] = [];
    const show = forwardOnly((done, total) => shown.push(`${done}/${total}`));
    // A first stream reaches 5 of 12 and breaks; the next one replays 0..5, then goes on.
    for (const done of [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 12]) show(done, 12);
    expect(shown).toEqual(["0/12", "1/12", "2/12", "3/12", "4/12", "5/12", "5/12", "6/12", "12/12"]);
  });

  it("refuses a GIF over the pixel limit and asks to compress other images", () => {
    const limits = { limitWidth: 800, limitHeight: 600 };
    expect(checkImage({ width: 1000, height: 500, bytes: 1000, type: "image/gif" }, limits)).toEqual({
      ok: false,
      gif: true,
      text: "please upload an image smaller than 800*600 px! current size is: 1000*500",
    });
    const png = checkImage({ width: 1600, height: 1200, bytes: 6 * megabyte, type: "image/png" }, limits);
    expect(png).toMatchObject({
      ok: false,
      gif: false,
      text: "image size max 800*600 px, current 1600*1200 / image max 5 M, current 6 M, already over the limit! compress it?",
      fit: { width: 800, height: 600 },
    });
    expect(checkImage({ width: 100, height: 100, bytes: 1000, type: "image/png" })).toEqual({ ok: true });
    // In Chinese (the default interface language) from the editor's labels.
    const zh = labelsFor("zh-CN");
    expect(checkImage({ width: 1000, height: 500, bytes: 1000, type: "image/gif" }, limits, zh)).toMatchObject({
      text: "请上传小于 800*600 px 的图片！当前尺寸：1000*500",
    });
    expect(checkImage({ width: 1600, height: 1200, bytes: 6 * megabyte, type: "image/png" }, limits, zh)).toMatchObject(
      { text: "图片尺寸最大 800*600 px，当前 1600*1200 / 图片最大 5 M，当前 6 M，已超出限制！是否压缩？" },
    );
    expect(scaleToFit(3000, 1000, 1920, 1080)).toEqual({ width: 1920, height: 640 });
  });

  it("checks file settings (extensions, 10 MB) and attachments (100 MB, no exe)", () => {
    expect(checkSettingFile({ name: "a.MP3", size: 100 })).toBeUndefined();
    expect(checkSettingFile({ name: "a.exe", size: 100 })).toEqual({ reason: "type" });
    expect(checkSettingFile({ name: "a.mp4", size: fileSettingMaxBytes + 1 })).toEqual({ reason: "size" });
    expect(checkAttachment({ name: "setup.EXE", size: 10 })).toEqual({ reason: "exe" });
    expect(checkAttachment({ name: "big.zip", size: 100 * megabyte + 1 })).toEqual({ reason: "size" });
    expect(checkAttachment({ name: "ok.zip", size: 100 * megabyte })).toBeUndefined();
  });
});
