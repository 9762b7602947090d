import { describe, expect, it } from "vitest";
import type { Context } from "../context.js";
import { describeFailure } from "../errors.js";
import { translator } from "../i18n/translate.js";
import { resolveApkInfo } from "./apk-info.js";
import { infoPlist, launcherScript } from "./app.js";
import { nsisScript } from "./exe.js";
import { launchWindow, windowSwitches } from "./window.js";

const context = { t: translator("en") } as Context;
const chinese = { t: translator("zh-CN") } as Context;
const refusal = (work: () => unknown, language: Context = context) => {
  try {
    work();
  } catch (error) {
    return describeFailure(error, language.t).message;
  }
  return "accepted";
};

describe("APK info (spec 001 §5)", () => {
  const given = { name: "Book", applicationId: "com.example.book", versionName: "1.0" };
  it("takes letters and digits in dot-separated segments that do not start with a digit", () => {
    expect(resolveApkInfo(given, undefined)).toEqual({ ...given, versionCode: 1 });
    expect(resolveApkInfo({ ...given, applicationId: "Com.Ex4mple.B00k" }, undefined).applicationId).toBe(
      "Com.Ex4mple.B00k",
    );
    for (const id of [
      "book",
      "1com.example",
      "com.1example",
      "com.exa_mple",
      "com.exa-mple",
      "com..example",
      "com.example.",
    ]) {
      expect(
        refusal(() => resolveApkInfo({ ...given, applicationId: id }, undefined)),
        id,
      ).toBe("Application ID format error");
    }
    expect(refusal(() => resolveApkInfo({ ...given, applicationId: "9" }, undefined), chinese)).toBe("应用ID格式错误");
  });

  it("requires the name and the version name", () => {
    expect(refusal(() => resolveApkInfo({ ...given, name: "  " }, undefined))).toBe("The name is required");
    expect(refusal(() => resolveApkInfo({ ...given, versionName: "" }, undefined))).toContain(
      "The version name is required",
    );
  });

  it("keeps the ID of the last release and raises its version number by exactly 1", () => {
    const last = { ...given, versionCode: 4, publishedAt: "2026-12-01T00:00:00Z" };
    expect(resolveApkInfo({ name: "Book", versionName: "1.1" }, last)).toMatchObject({
      applicationId: "com.example.book",
      versionCode: 5,
    });
    expect(resolveApkInfo({ ...given, versionCode: "5" }, last).versionCode).toBe(5);
    for (const code of ["4", "6", "0", "x"]) {
      expect(
        refusal(() => resolveApkInfo({ ...given, versionCode: code }, last)),
        code,
      ).toContain("The version number must rise by 1 from the last one (4): 5");
    }
    expect(refusal(() => resolveApkInfo({ ...given, applicationId: "com.example.other" }, last))).toContain(
      "Application ID format error",
    );
  });
});

describe("the launch window (spec 001 §3 EXE settings)", () => {
  it("maps maximised, maximised plus full-screen and a custom size to the browser's switches", () => {
    expect(windowSwitches(launchWindow(undefined, undefined, undefined))).toEqual(["--start-maximized"]);
    expect(windowSwitches(launchWindow("fullscreen", undefined, undefined))).toEqual([
      "--start-maximized",
      "--start-fullscreen",
    ]);
    expect(windowSwitches(launchWindow("custom", "1024", "768"))).toEqual(["--window-size=1024,768"]);
    expect(refusal(() => launchWindow("custom", "100", "768"))).toContain("--window custom needs");
    expect(refusal(() => launchWindow("custom", "50%", "768"))).toContain("--window custom needs");
    expect(refusal(() => launchWindow("tiny", undefined, undefined))).toContain("(not tiny)");
  });
});

describe("the launchers", () => {
  const window = { mode: "custom" as const, width: 1024, height: 768 };
  it("NSIS: the title escaped, the book unpacked per book, the browser in app mode at the size", () => {
    const script = nsisScript({
      bookDir: "/tmp/book",
      icoPath: "/tmp/icon.ico",
      title: 'Say "$HOME" 100%',
      bookKey: "k",
      window,
      outFile: "/tmp/out.exe",
      workDir: "/tmp",
    });
    expect(script).toContain('Name "Say $\\"$$HOME$\\" 100%"');
    // The version resource is stored as compiled: $ stays single there.
    expect(script).toContain('"ProductName" "Say $\\"$HOME$\\" 100%"');
    expect(script).toContain('File /r "/tmp/book/*"');
    expect(script).toContain('--app="file:///$LOCALAPPDATA\\Turnleaf\\');
    expect(script).toContain("--window-size=1024,768'");
    expect(script).toMatch(/App Paths\\msedge\.exe/);
  });

  it("APP: Info.plist escapes the title; the launcher quotes its switches", () => {
    const input = {
      bookDir: "/tmp/book",
      icns: Buffer.alloc(0),
      title: "A & <B>",
      identifier: "com.turnleaf.flipbook.b1",
      version: "1.0",
      window,
      appDir: "/tmp/A.app",
    };
    expect(infoPlist(input, "A")).toContain("<string>A &amp; &lt;B&gt;</string>");
    expect(launcherScript(input)).toContain("'--window-size=1024,768'");
  });
});
