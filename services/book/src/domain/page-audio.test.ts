import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import {
  displayModeChange,
  fileRequest,
  isPageMp3,
  playSettings,
  requestedPageMode,
  SpeechRate,
  speechRequest,
} from "./page-audio.js";

const codeOf = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    return error instanceof DomainError ? (error.coded?.key ?? error.message) : String(error);
  }
  return "accepted";
};

const speech = { page: 1, text: "Hello", voice: "", speed: 0, caption: false, captionPosition: "" };

describe("page audio rules", () => {
  it("checks a speech request and fills its defaults", () => {
    expect(speechRequest({ ...speech, text: " Hi\u0007 there " }, 3)).toEqual({
      page: 1,
      text: "Hi there",
      voice: "zh",
      speed: 175,
      caption: false,
      captionPosition: "bottom",
    });
    expect(codeOf(() => speechRequest({ ...speech, page: 4 }, 3))).toBe("pageAudio.badPage");
    expect(codeOf(() => speechRequest({ ...speech, page: 1.5 }, 3))).toBe("pageAudio.badPage");
    expect(codeOf(() => speechRequest({ ...speech, text: "\u0001 " }, 3))).toBe("pageAudio.textRequired");
    expect(codeOf(() => speechRequest({ ...speech, text: "字".repeat(1001) }, 3))).toBe("pageAudio.textTooLong");
    expect(codeOf(() => speechRequest({ ...speech, text: "字".repeat(1000) }, 3))).toBe("accepted");
    expect(codeOf(() => speechRequest({ ...speech, voice: "toString" }, 3))).toBe("pageAudio.badVoice");
    expect(codeOf(() => speechRequest({ ...speech, speed: 79 }, 3))).toBe("pageAudio.badSpeed");
    expect(codeOf(() => speechRequest({ ...speech, speed: 451 }, 3))).toBe("pageAudio.badSpeed");
    expect(codeOf(() => speechRequest({ ...speech, captionPosition: "left" }, 3))).toBe("pageAudio.badCaptionPosition");
  });

  it("takes only the owner's finished MP3", () => {
    const asset = { ownerId: "u1", contentType: "audio/mpeg", state: "ready" };
    expect(isPageMp3(asset, "u1")).toBe(true);
    expect(isPageMp3(asset, "u2")).toBe(false);
    expect(isPageMp3({ ...asset, state: "pending" }, "u1")).toBe(false);
    expect(isPageMp3({ ...asset, contentType: "audio/wav" }, "u1")).toBe(false);
    expect(isPageMp3(null, "u1")).toBe(false);
    expect(
      codeOf(() => fileRequest({ page: 1, fileId: "../x", text: "", caption: true, captionPosition: "top" }, 2)),
    ).toBe("pageAudio.notMp3");
  });

  it("bounds the pause and sees a display-mode change", () => {
    expect(playSettings({ autoFlip: false, pauseSeconds: 60, pauseWithoutAudio: true })).toEqual({
      autoFlip: false,
      pauseSeconds: 60,
      pauseWithoutAudio: true,
    });
    expect(codeOf(() => playSettings({ autoFlip: true, pauseSeconds: -1, pauseWithoutAudio: false }))).toBe(
      "pageAudio.badPause",
    );
    expect(requestedPageMode('{"pageMode":"single","bgColor":"#fff"}')).toBe("single");
    expect(requestedPageMode('{"bgColor":"#fff"}')).toBeUndefined();
    expect(requestedPageMode("{broken")).toBeUndefined();
    expect(displayModeChange(undefined, "single")).toBe(true);
    expect(displayModeChange(undefined, "auto")).toBe(false);
    expect(displayModeChange("double", "double")).toBe(false);
    expect(displayModeChange("double", undefined)).toBe(false);
  });

  it("holds each user to the speech window", async () => {
    const rate = new SpeechRate(2, 1_000);
    await rate.take("u1");
    await rate.take("u1");
    expect(
      await rate.take("u1").then(
        () => "taken",
        (error: unknown) => (error instanceof DomainError ? error.coded?.key : String(error)),
      ),
    ).toBe("pageAudio.speechBusy");
    await rate.take("u2");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await rate.take("u1");
  });
});
