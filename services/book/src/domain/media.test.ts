import type { CodedMessage } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import {
  checkMediaRoom,
  fileAddress,
  type MediaItemInput,
  mediaBox,
  mediaItem,
  mediaLimits,
  mediaTexts,
  videoEmbed,
  webAddress,
} from "./media.js";

/** The refusal carrying this coded text (its key and parameters). */
const coded = (text: CodedMessage) => expect.objectContaining({ coded: text });

const base: MediaItemInput = {
  itemId: "a1",
  page: 3,
  kind: "link",
  x: 0.1,
  y: 0.2,
  width: 0.3,
  height: 0.1,
  url: "",
  targetPage: 0,
  embedUrl: "",
  images: [],
  text: "",
  autoplay: false,
  loop: false,
  popup: false,
};

describe("media items", () => {
  it("keeps a link to a page or to an http(s) address, never another scheme", () => {
    expect(mediaItem({ ...base, targetPage: 5 }, 10)).toMatchObject({ kind: "link", targetPage: 5, url: "" });
    expect(mediaItem({ ...base, url: " https://example.com/a b " }, 10).url).toBe("https://example.com/a%20b");
    for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://x.org/", "//x.org", "x"]) {
      expect(() => mediaItem({ ...base, url }, 10)).toThrow(coded(mediaTexts.badUrl));
    }
    expect(() => mediaItem({ ...base, targetPage: 11 }, 10)).toThrow(coded(mediaTexts.badPage));
    expect(() => mediaItem(base, 10)).toThrow(coded(mediaTexts.linkTarget));
    expect(() => mediaItem({ ...base, url: "https://x.org", targetPage: 2 }, 10)).toThrow(coded(mediaTexts.linkTarget));
  });

  it("holds the box inside the page, at least 0.5 % each way", () => {
    expect(mediaBox({ x: 0.7, y: 0, width: 0.3000000001, height: 1 })).toEqual({ x: 0.7, y: 0, width: 0.3, height: 1 });
    for (const box of [
      { x: -0.1, y: 0, width: 0.2, height: 0.2 },
      { x: 0.9, y: 0, width: 0.2, height: 0.2 },
      { x: 0, y: 0, width: 0.001, height: 0.2 },
      { x: Number.NaN, y: 0, width: 0.2, height: 0.2 },
      { x: 0, y: 0.5, width: 0.2, height: Number.POSITIVE_INFINITY },
    ]) {
      expect(() => mediaBox(box)).toThrow(coded(mediaTexts.badBox));
    }
  });

  it("turns a video site's address into its player's, and only its id passes", () => {
    expect(videoEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(videoEmbed("https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(videoEmbed("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(videoEmbed("https://www.bilibili.com/video/BV1xx411c7mD/?p=1")).toBe(
      "https://player.bilibili.com/player.html?bvid=BV1xx411c7mD",
    );
    expect(videoEmbed("https://v.youku.com/v_show/id_XNDk2MzU2ODQ0MA==.html")).toBe(
      "https://player.youku.com/embed/XNDk2MzU2ODQ0MA==",
    );
    expect(videoEmbed('https://www.youtube.com/watch?v=bad"><script>')).toBeUndefined();
    expect(videoEmbed("https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ")).toBeUndefined();
  });

  it("takes video, audio and pictures by their extension, uploaded or on the web", () => {
    expect(fileAddress("/api/common/file/abc123/clip.MP4", ["mp4"])).toBe("/api/common/file/abc123/clip.MP4");
    expect(fileAddress("/etc/passwd.mp4", ["mp4"])).toBeUndefined();
    expect(fileAddress("https://cdn.example/v.webm?x=1", ["webm"])).toBe("https://cdn.example/v.webm?x=1");
    expect(fileAddress("https://cdn.example/v.swf", ["mp4", "webm"])).toBeUndefined();
    const video = mediaItem({ ...base, kind: "video", url: "https://cdn.example/v.mp4", autoplay: true }, 10);
    expect(video).toMatchObject({ url: "https://cdn.example/v.mp4", embedUrl: "", autoplay: true });
    const site = mediaItem({ ...base, kind: "video", embedUrl: "https://youtu.be/dQw4w9WgXcQ" }, 10);
    expect(site).toMatchObject({ url: "", embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" });
    expect(() => mediaItem({ ...base, kind: "video", url: "https://x.org/a.avi" }, 10)).toThrow(
      coded(mediaTexts.badVideo),
    );
    expect(() => mediaItem({ ...base, kind: "audio", url: "https://x.org/a.mp4" }, 10)).toThrow(
      coded(mediaTexts.badAudio),
    );
    expect(() => mediaItem({ ...base, kind: "image" }, 10)).toThrow(coded(mediaTexts.imagesRequired));
    const images = Array.from({ length: mediaLimits.images + 1 }, (_, i) => `https://x.org/${i}.png`);
    expect(() => mediaItem({ ...base, kind: "image", images }, 10)).toThrow(coded(mediaTexts.tooManyImages));
    expect(() => mediaItem({ ...base, kind: "image", images: ["https://x.org/a.svg"] }, 10)).toThrow(
      coded(mediaTexts.badImage),
    );
  });

  it("normalises texts: NFC, no control characters, trimmed, within limits", () => {
    const note = mediaItem({ ...base, kind: "note", text: "  Cafe\u0301\u0000 \u202eline\r\nnext  " }, 10);
    expect(note.text).toBe("Café line\nnext");
    expect(() => mediaItem({ ...base, kind: "note", text: " \u0001 " }, 10)).toThrow(coded(mediaTexts.noteRequired));
    expect(() => mediaItem({ ...base, kind: "note", text: "n".repeat(mediaLimits.note + 1) }, 10)).toThrow(
      coded(mediaTexts.noteTooLong),
    );
    expect(() => mediaItem({ ...base, targetPage: 1, text: "t".repeat(mediaLimits.title + 1) }, 10)).toThrow(
      coded(mediaTexts.titleTooLong),
    );
  });

  it("knows PDF links by their id and refuses other ids and kinds", () => {
    expect(mediaItem({ ...base, itemId: "pdf-3-0", url: "https://x.org" }, 10).origin).toBe("pdf");
    expect(mediaItem({ ...base, targetPage: 1 }, 10).origin).toBe("");
    expect(() => mediaItem({ ...base, itemId: "a/b", targetPage: 1 }, 10)).toThrow(coded(mediaTexts.badId));
    expect(() => mediaItem({ ...base, kind: undefined, targetPage: 1 }, 10)).toThrow(coded(mediaTexts.badKind));
    expect(() => mediaItem({ ...base, page: 0, targetPage: 1 }, 10)).toThrow(coded(mediaTexts.badPage));
  });

  it("counts items per page and per book", () => {
    expect(() => checkMediaRoom({ page: mediaLimits.perPage - 1, book: 0 })).not.toThrow();
    expect(() => checkMediaRoom({ page: mediaLimits.perPage, book: 0 })).toThrow(coded(mediaTexts.tooManyOnPage));
    expect(() => checkMediaRoom({ page: 0, book: mediaLimits.perBook })).toThrow(coded(mediaTexts.tooManyInBook));
  });

  it("reads web addresses strictly", () => {
    expect(webAddress("HTTPS://Example.com")).toBe("https://example.com/");
    expect(webAddress(`https://x.org/${"a".repeat(mediaLimits.url)}`)).toBeUndefined();
  });
});
