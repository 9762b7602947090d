import { describe, expect, it } from "vitest";
import { embedSource, safeAddress } from "./media-types.js";

describe("the media layer's addresses", () => {
  it("adds muted autoplay and loop in each video site's words", () => {
    expect(
      embedSource({ embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", autoplay: true, loop: true }),
    ).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&loop=1&playlist=dQw4w9WgXcQ");
    expect(embedSource({ embedUrl: "https://player.vimeo.com/video/76979871", autoplay: true })).toBe(
      "https://player.vimeo.com/video/76979871?autoplay=1&muted=1",
    );
    expect(embedSource({ embedUrl: "https://player.bilibili.com/player.html?bvid=BV1xx411c7mD" })).toBe(
      "https://player.bilibili.com/player.html?bvid=BV1xx411c7mD",
    );
  });

  it("never frames anything but an https player address", () => {
    expect(embedSource({ embedUrl: "javascript:alert(1)" })).toBe("");
    expect(embedSource({ embedUrl: "http://player.vimeo.com/video/1" })).toBe("");
    expect(embedSource({})).toBe("");
  });

  it("uses only http(s) and same-site addresses as sources and links", () => {
    expect(safeAddress("https://x.org/a.mp4")).toBe("https://x.org/a.mp4");
    expect(safeAddress("/api/common/file/a/b.png")).toBe("/api/common/file/a/b.png");
    expect(safeAddress("//evil.example/a.png")).toBeUndefined();
    expect(safeAddress("javascript:alert(1)")).toBeUndefined();
    expect(safeAddress("data:image/png;base64,AAAA")).toBeUndefined();
  });

  it("takes page-relative paths (the offline flipbook's copied files) but no scheme or other host in disguise", () => {
    expect(safeAddress("files/media/f1/clip.webm")).toBe("files/media/f1/clip.webm");
    expect(safeAddress("files/media/f1/a%20b.png")).toBe("files/media/f1/a%20b.png");
    expect(safeAddress("\\\\evil.example/a.png")).toBeUndefined();
    expect(safeAddress("/\\evil.example/a.png")).toBeUndefined();
    expect(safeAddress(" javascript:alert(1)")).toBeUndefined();
    expect(safeAddress("JaVaScRiPt:alert(1)")).toBeUndefined();
    expect(safeAddress("java\tscript:alert(1)")).toBeUndefined();
    expect(safeAddress("vbscript:x")).toBeUndefined();
  });
});
