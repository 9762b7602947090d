import { describe, expect, it } from "vitest";
import { jobStateText, type PackageChoices, packageRequest } from "./publish-request.js";

const choices: PackageChoices = {
  bookId: "b1",
  format: "html",
  title: "Book",
  icon: "aWNvbg==",
  window: { mode: "custom", width: "1024", height: "768" },
  apk: {
    appName: "App",
    appId: "com.example.book",
    versionCode: "2",
    versionName: "1.1",
    signature: "mine",
    password: "secret",
  },
};

describe("the create-package request", () => {
  it("sends an HTML zip without icon, window or APK info", () => {
    expect(packageRequest(choices)).toEqual({ bookId: "b1", format: "html", title: "Book" });
  });

  it("sends an EXE's icon and window, its size only when custom", () => {
    expect(packageRequest({ ...choices, format: "exe" })).toEqual({
      bookId: "b1",
      format: "exe",
      title: "Book",
      icon: "aWNvbg==",
      window: "custom",
      width: "1024",
      height: "768",
    });
    const maximised = { ...choices, format: "app" as const, window: { ...choices.window, mode: "maximized" as const } };
    expect(packageRequest(maximised)).not.toHaveProperty("width");
  });

  it("sends an APK's info and signature, and no icon when none is chosen", () => {
    expect(packageRequest({ ...choices, format: "apk", icon: undefined })).toEqual({
      bookId: "b1",
      format: "apk",
      title: "Book",
      appName: "App",
      appId: "com.example.book",
      versionCode: "2",
      versionName: "1.1",
      signature: "mine",
      signaturePassword: "secret",
    });
  });
});

describe("the job's state as said", () => {
  it("is empty before a build and names each state after", () => {
    const labels = { queued: "q", publishBuilding: "b", publishReady: "r", publishFailed: "f" };
    expect(jobStateText(undefined, labels)).toBe("");
    expect(jobStateText({ jobId: "1", state: "building" }, labels)).toBe("b");
  });
});
