import { describe, expect, it } from "vitest";
import { catalogOutline, parseHtmlConfig, readerBookmarks, readerDownload } from "./reader-settings.view.js";

describe("the reader's view of a book's editor data", () => {
  it("the download button from DownloadButtonVisible and the download config", () => {
    const download = { downloadPdf: true, downloadPdfUrl: "/d.pdf", downloadSinglePage: false };
    expect(readerDownload({ DownloadButtonVisible: "Show" }, download)).toEqual({
      download: { pdfUrl: "/d.pdf", allowSinglePage: false },
    });
    expect(readerDownload({ DownloadButtonVisible: "Hide" }, download)).toEqual({ download: null });
    expect(readerDownload({ bgColor: "#fff" }, download)).toEqual({});
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
