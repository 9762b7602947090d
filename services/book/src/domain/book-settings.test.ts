import { describe, expect, it } from "vitest";
import {
  absoluteFilePaths,
  applyBookUpdate,
  type BookSettings,
  backgroundImageRule,
  decodeDownloadCode,
  defaultDownloadConfig,
  downloadButtonRule,
  encodeDownloadCode,
  leaveMessageRule,
  loadingCaptionRule,
  parseBookConfig,
  parseDownloadConfig,
} from "./book-settings.js";
import { parseBoolean } from "./setting-values.js";

const uploaded = { bookId: "b1", source: -1 };
const empty: BookSettings = { htmlConfig: {}, plugins: [], downloadConfig: null, isDownload: false };
const update = (fields: Partial<Parameters<typeof applyBookUpdate>[1]>) => ({
  bookConfig: "",
  isDownload: "",
  plugin: "",
  downloadConfig: "",
  ...fields,
});

describe("setting-change rules (spec 000 §4, §5)", () => {
  it("boolean parsing: yes, show, true (any case) are true, anything else false", () => {
    for (const value of ["yes", "Show", "TRUE", true]) expect(parseBoolean(value)).toBe(true);
    for (const value of ["no", "hide", "false", "1", "", false, null]) expect(parseBoolean(value)).toBe(false);
  });

  it("DownloadButtonVisible on creates the default download config for a user-uploaded book only", () => {
    expect(downloadButtonRule({ DownloadButtonVisible: "Show" }, null, uploaded)).toEqual(defaultDownloadConfig("b1"));
    expect(defaultDownloadConfig("b1")).toMatchObject({
      isDownloadProject: true,
      pdf: { isOriginPath: true, url: "/download/download-pdf-file.php?bookid=b1" },
    });
    expect(downloadButtonRule({ DownloadButtonVisible: "Show" }, null, { bookId: "b1", source: 1 })).toBeNull();
    expect(downloadButtonRule({ DownloadButtonVisible: "Hide" }, null, uploaded)).toBeNull();
    const existing = { ...defaultDownloadConfig("b1"), isDownloadProject: false };
    expect(downloadButtonRule({ DownloadButtonVisible: "yes" }, existing, uploaded)).toBe(existing);
  });

  it("MessageButtonVisible / showLeaveMessage add the BookLeaveMessage plugin for Show/Yes/true, remove it otherwise", () => {
    const added = leaveMessageRule({ MessageButtonVisible: "Show" }, [{ name: "Other" }], "b1");
    expect(added.map((plugin) => plugin.name)).toEqual(["Other", "BookLeaveMessage"]);
    expect(added[1]).toMatchObject({ config: { bookId: "b1", showLeaveMessage: true, toServer: {} } });
    expect(leaveMessageRule({ showLeaveMessage: "yes" }, added, "b1")).toHaveLength(2);
    expect(leaveMessageRule({ showLeaveMessage: "No" }, added, "b1").map((plugin) => plugin.name)).toEqual(["Other"]);
    expect(leaveMessageRule({ bgColor: "#fff" }, added, "b1")).toBe(added);
  });

  it("stores a post-comment path the gateway serves (POST /b/<number>/post-comment), never /api/book/post-comment", () => {
    const [plugin] = leaveMessageRule({ MessageButtonVisible: "Show" }, [], "b1", "n42");
    expect(plugin).toMatchObject({ config: { toServer: { src: "/b/n42/post-comment" } } });
    // A plugin stored with the old path is written anew when the button is switched on again.
    const old = { name: "BookLeaveMessage", config: { toServer: { src: "/api/book/post-comment" } } };
    const [renewed] = leaveMessageRule({ showLeaveMessage: "yes" }, [old], "b1", "n42");
    expect(renewed).toMatchObject({ config: { toServer: { src: "/b/n42/post-comment" } } });
  });

  it("backGroundImgURL: set keeps loadingBackgroundColorType (default 1), cleared makes it 1", () => {
    expect(backgroundImageRule({ backGroundImgURL: "a.jpg" }, { loadingBackgroundColorType: 2 })).toEqual({
      backGroundImgURL: "a.jpg",
      loadingBackgroundColorType: 2,
    });
    expect(backgroundImageRule({ backGroundImgURL: "a.jpg" }, {}).loadingBackgroundColorType).toBe(1);
    expect(backgroundImageRule({ backGroundImgURL: "" }, { loadingBackgroundColorType: 2 })).toEqual({
      backGroundImgURL: "",
      loadingBackgroundColorType: 1,
    });
  });

  it("changing loadingCaptionSource clears loadingCaption", () => {
    expect(loadingCaptionRule({ loadingCaptionSource: "title" }, { loadingCaptionSource: "custom" })).toEqual({
      loadingCaptionSource: "title",
      loadingCaption: "",
    });
    expect(loadingCaptionRule({ loadingCaptionSource: "title" }, { loadingCaptionSource: "title" })).toEqual({
      loadingCaptionSource: "title",
    });
    expect(loadingCaptionRule({ loadingCaptionSource: "custom", loadingCaption: "Hi" }, {})).toEqual({
      loadingCaptionSource: "custom",
      loadingCaption: "Hi",
    });
  });

  it("nested JSON that cannot be parsed answers 'Invalid JSON string'", () => {
    expect(() => parseBookConfig("{broken")).toThrow(expect.objectContaining({ messageKey: "invalidJson" }));
    expect(() => parseBookConfig(JSON.stringify({ socialSharingList: "{not json}" }))).toThrow(
      expect.objectContaining({ messageKey: "invalidJson" }),
    );
    expect(() => applyBookUpdate(empty, update({ plugin: "[{" }), uploaded)).toThrow(
      expect.objectContaining({ messageKey: "invalidJson" }),
    );
    expect(() => applyBookUpdate(empty, update({ downloadConfig: "{x" }), uploaded)).toThrow(
      expect.objectContaining({ messageKey: "invalidJson" }),
    );
    expect(parseBookConfig(JSON.stringify({ list: '{"a":1}', caption: "[draft]" }))).toEqual({
      list: '{"a":1}',
      caption: "[draft]",
    });
  });

  it("relative file paths are answered absolute", () => {
    expect(
      absoluteFilePaths(
        { backGroundImgURL: "files/bg.jpg", music: "/files/a.mp3", logo: "https://cdn/x.png", bgColor: "#fff" },
        "https://host/",
      ),
    ).toEqual({
      backGroundImgURL: "https://host/files/bg.jpg",
      music: "https://host/files/a.mp3",
      logo: "https://cdn/x.png",
      bgColor: "#fff",
    });
  });

  it("the download code is stored reversed and base64-encoded", () => {
    expect(encodeDownloadCode("abc123")).toBe(Buffer.from("321cba").toString("base64"));
    expect(decodeDownloadCode(encodeDownloadCode("pässwörd"))).toBe("pässwörd");
  });

  it("attachments: at most 100 MB each, no exe", () => {
    expect(() => parseDownloadConfig(JSON.stringify({ attachments: [{ name: "setup.EXE", size: 1 }] }))).toThrow(
      expect.objectContaining({ messageKey: "exeAttachment" }),
    );
    expect(() =>
      parseDownloadConfig(JSON.stringify({ attachments: [{ name: "a.zip", size: 100 * 1024 * 1024 + 1 }] })),
    ).toThrow(expect.objectContaining({ messageKey: "fileTooLarge" }));
  });

  it("limits: bookConfig at most 256 KB", () => {
    const big = JSON.stringify({ text: "x".repeat(256 * 1024) });
    expect(() => applyBookUpdate(empty, update({ bookConfig: big }), uploaded)).toThrow(
      expect.objectContaining({ messageKey: "field.tooBig", messageParams: { field: "bookConfig", max: 256 } }),
    );
  });

  it("applies every rule in one update and keeps unchanged keys", () => {
    const current: BookSettings = {
      ...empty,
      htmlConfig: { bgColor: "#000", loadingCaptionSource: "custom", loadingCaption: "Hi" },
    };
    const next = applyBookUpdate(
      current,
      update({
        bookConfig: JSON.stringify({
          DownloadButtonVisible: "Show",
          MessageButtonVisible: "Yes",
          loadingCaptionSource: "title",
        }),
        isDownload: "1",
      }),
      uploaded,
    );
    expect(next.htmlConfig).toMatchObject({ bgColor: "#000", loadingCaption: "", DownloadButtonVisible: "Show" });
    expect(next.isDownload).toBe(true);
    expect(next.downloadConfig?.isDownloadProject).toBe(true);
    expect(next.plugins.map((plugin) => plugin.name)).toEqual(["BookLeaveMessage"]);
    expect(() => applyBookUpdate(current, update({ isDownload: "2" }), uploaded)).toThrow("isDownload");
  });
});
