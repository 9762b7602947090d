import { describe, expect, it } from "vitest";
import { catalogOutline, parseHtmlConfig, readerBookmarks, readerSettings } from "./reader-settings.view.js";

describe("htmlConfig → reader settings", () => {
  it("maps the editor's keys onto the reader's (preview.ts aliases)", () => {
    expect(
      readerSettings({
        bgColor: "#123456",
        flipDirection: "RTL",
        flippingTime: "0.6",
        hardCover: "No",
        autoFlip: "Yes",
        searchMinLength: "3",
        pageMode: "single",
        printWatermark: "draft",
        unknownKey: "x",
      }),
    ).toEqual({
      backgroundColor: "#123456",
      direction: "rtl",
      flipTimeMs: 600,
      hardCover: false,
      autoFlip: true,
      searchMinLength: 3,
      pageMode: "single",
      printWatermark: "draft",
    });
  });

  it("flip times of 20 or more are milliseconds; bad numbers are left out", () => {
    expect(readerSettings({ flippingTime: "450", searchMinLength: "x" })).toEqual({ flipTimeMs: 450 });
  });

  it("the calendar flip direction sets the axis; background music from a URL", () => {
    expect(readerSettings({ flipDirection: "vertical", backgroundMusic: "/a.mp3" })).toEqual({
      flipAxis: "vertical",
      backgroundMusic: { url: "/a.mp3", loops: -1, volume: 1 },
    });
  });

  it("the download button from DownloadButtonVisible and the download config", () => {
    const download = { downloadPdf: true, downloadPdfUrl: "/d.pdf", downloadSinglePage: false };
    expect(readerSettings({ DownloadButtonVisible: "Show" }, download)).toEqual({
      download: { pdfUrl: "/d.pdf", allowSinglePage: false },
    });
    expect(readerSettings({ DownloadButtonVisible: "Hide" }, download)).toEqual({ download: null });
  });

  it("bookmarks, catalog outline and broken config", () => {
    expect(readerBookmarks([{ caption: "c", page: 2, colour: "#abc", fontColour: "" }])).toEqual([
      { caption: "c", page: 2, colour: "#abc", textColour: "#ffffff" },
    ]);
    expect(catalogOutline([{ title: "A", page: 9, children: [{ title: "B", page: 2, children: [] }] }], 5)).toEqual([
      { title: "B", page: 2, children: [] },
    ]);
    expect(parseHtmlConfig("{x")).toEqual({});
  });
});
