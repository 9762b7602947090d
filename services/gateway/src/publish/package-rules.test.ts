import { describe, expect, it } from "vitest";
import { checkPackageForm } from "./package-rules.js";

const apk = {
  format: "apk",
  appName: "Harbour",
  appId: "com.example.harbour",
  versionCode: "1",
  versionName: "1.0",
  signature: "key",
  signaturePassword: "secret-1",
};

describe("the publish dialog's rules (spec 001 §5)", () => {
  it("takes a first APK and answers its info", () => {
    expect(checkPackageForm(apk, "Book")).toEqual({
      format: "apk",
      title: "Book",
      apk: { name: "Harbour", applicationId: "com.example.harbour", versionCode: 1, versionName: "1.0" },
      signature: "key",
    });
  });

  it("refuses an ID of other characters, a digit first, or one part", () => {
    for (const appId of ["1com.example", "com.1example", "com.exa_mple", "com.例子.book", "harbour", "com..x", ""]) {
      expect(checkPackageForm({ ...apk, appId }, "Book"), appId).toEqual({ key: "apkIdFormat" });
    }
    expect(checkPackageForm({ ...apk, appId: "Com.Example2.Book3" }, "Book")).not.toHaveProperty("key");
  });

  it("keeps the ID and takes exactly the next version number on an update", () => {
    const last = { applicationId: "com.example.harbour", versionCode: 4 };
    expect(checkPackageForm({ ...apk, versionCode: "5" }, "Book", last)).not.toHaveProperty("key");
    expect(checkPackageForm({ ...apk, versionCode: "4" }, "Book", last)).toEqual({
      key: "apkVersionNotNext",
      last: 4,
      expected: 5,
    });
    expect(checkPackageForm({ ...apk, versionCode: "6" }, "Book", last)).toMatchObject({ key: "apkVersionNotNext" });
    expect(checkPackageForm({ ...apk, appId: "com.example.other", versionCode: "5" }, "Book", last)).toEqual({
      key: "apkIdChanged",
      id: "com.example.harbour",
    });
  });

  it("requires the name, a whole version number, the version name and a signature with its password", () => {
    expect(checkPackageForm({ ...apk, appName: "  " }, "Book")).toEqual({ key: "apkNameRequired" });
    for (const versionCode of ["0", "-1", "1.5", "x", ""]) {
      expect(checkPackageForm({ ...apk, versionCode }, "Book"), versionCode).toEqual({ key: "apkVersionNumber" });
    }
    expect(checkPackageForm({ ...apk, versionName: " " }, "Book")).toEqual({ key: "apkVersionNameRequired" });
    expect(checkPackageForm({ ...apk, signaturePassword: "" }, "Book")).toEqual({ key: "apkSignatureRequired" });
    expect(checkPackageForm({ ...apk, signature: "" }, "Book")).toEqual({ key: "apkSignatureRequired" });
  });

  it("takes a PNG or JPEG icon up to 256 KB, else refuses it", () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    expect(checkPackageForm({ ...apk, icon: png.toString("base64") }, "Book")).toMatchObject({ icon: png });
    expect(checkPackageForm({ format: "exe", icon: jpeg.toString("base64") }, "Book")).toMatchObject({ icon: jpeg });
    const refused = { key: "publishIconFormat", max: 256 };
    expect(checkPackageForm({ ...apk, icon: Buffer.from("GIF89a").toString("base64") }, "Book")).toEqual(refused);
    expect(checkPackageForm({ ...apk, icon: "not base64!" }, "Book")).toEqual(refused);
    const large = Buffer.concat([png, Buffer.alloc(256 * 1024)]);
    expect(checkPackageForm({ ...apk, icon: large.toString("base64") }, "Book")).toEqual(refused);
    // HTML has no icon: it is not looked at.
    expect(checkPackageForm({ format: "html", icon: "not base64!" }, "Book")).toEqual({
      format: "html",
      title: "Book",
    });
  });

  it("checks the EXE and APP window and the format", () => {
    expect(checkPackageForm({ format: "exe" }, "Book")).toEqual({
      format: "exe",
      title: "Book",
      window: { mode: "maximized" },
    });
    expect(checkPackageForm({ format: "app", window: "fullscreen", title: " Mine " }, "Book")).toEqual({
      format: "app",
      title: "Mine",
      window: { mode: "fullscreen" },
    });
    expect(checkPackageForm({ format: "exe", window: "custom", width: "1024", height: "768" }, "Book")).toMatchObject({
      window: { mode: "custom", width: 1024, height: 768 },
    });
    for (const size of [
      { width: "199", height: "768" },
      { width: "1024", height: "10001" },
      { width: "1024" },
      { width: "1e3", height: "768" },
    ]) {
      expect(checkPackageForm({ format: "exe", window: "custom", ...size }, "Book")).toEqual({
        key: "publishWindowSize",
      });
    }
    expect(checkPackageForm({ format: "exe", window: "tiny" }, "Book")).toEqual({ key: "publishWindowSize" });
    expect(checkPackageForm({ format: "dmg" }, "Book")).toEqual({ key: "publishFormat" });
    expect(checkPackageForm({ format: "HTML" }, "")).toEqual({ format: "html", title: "Flipbook" });
  });
});
