import { describe, expect, it } from "vitest";
import type { MediaItem } from "./media-doc.js";
import { isWebAddress, percentOf, sourceFields, targetPageOf, withFields } from "./media-fields.js";

describe("a media item's fields as the settings write them", () => {
  it("puts a video site's page in embedUrl, a file in url, a picture in images", () => {
    expect(sourceFields("video", "https://www.youtube.com/watch?v=abc")).toEqual({
      embedUrl: "https://www.youtube.com/watch?v=abc",
      url: undefined,
    });
    expect(sourceFields("audio", "/f/a.mp3")).toEqual({ url: "/f/a.mp3", embedUrl: undefined });
    expect(sourceFields("image", "/f/a.png")).toEqual({ images: ["/f/a.png"] });
  });

  it("removes the fields set to undefined", () => {
    const item = { id: "1", kind: "link", page: 1, x: 0, y: 0, width: 0.1, height: 0.1, url: "https://a" };
    const next = withFields(item as MediaItem, { url: undefined, targetPage: 3 });
    expect(next).not.toHaveProperty("url");
    expect(next.targetPage).toBe(3);
  });

  it("takes a target page within the book and a web address only", () => {
    expect(targetPageOf("3", 5)).toBe(3);
    expect(targetPageOf("6", 5)).toBeUndefined();
    expect(targetPageOf("6", 0)).toBe(6);
    expect(targetPageOf("1.5", 5)).toBeUndefined();
    expect(isWebAddress("https://example.com/a")).toBe(true);
    expect(isWebAddress("example.com")).toBe(false);
    expect(percentOf(0.1234)).toBe(12.3);
  });
});
