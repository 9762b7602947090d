import { describe, expect, it } from "vitest";
import { acceptAsset, assetKey, imageSize } from "./asset-upload.js";

const png = (width: number, height: number) => {
  const head = Buffer.alloc(33);
  Buffer.from("\x89PNG\r\n\x1a\n", "latin1").copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write("IHDR", 12, "latin1");
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
};
const gif = (width: number, height: number) => {
  const head = Buffer.alloc(13);
  head.write("GIF89a", 0, "latin1");
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return head;
};
const mb = 1024 * 1024;

describe("editor asset uploads (spec 000 §5/§9)", () => {
  it("accepts a picture of its type and reads its size from the header", () => {
    expect(acceptAsset({ name: "a.png", size: 100, head: png(40, 20), purpose: "image" }).contentType).toBe(
      "image/png",
    );
    expect(imageSize(gif(600, 300))).toEqual({ width: 600, height: 300 });
  });

  it("refuses exe files by name and by content, and names that lie about the type", () => {
    expect(() => acceptAsset({ name: "setup.exe", size: 10, head: Buffer.from("MZ"), purpose: "attachment" })).toThrow(
      expect.objectContaining({ messageKey: "exeFile" }),
    );
    expect(() =>
      acceptAsset({ name: "doc.pdf", size: 10, head: Buffer.from("MZ\x90\x00"), purpose: "attachment" }),
    ).toThrow(expect.objectContaining({ messageKey: "exeFile" }));
    expect(() => acceptAsset({ name: "a.png", size: 10, head: gif(1, 1), purpose: "image" })).toThrow(
      expect.objectContaining({ messageKey: "fileNotOfType", messageParams: { type: "png" } }),
    );
    expect(() => acceptAsset({ name: "x.svg", size: 10, head: Buffer.from("<svg"), purpose: "image" })).toThrow(
      expect.objectContaining({ messageKey: "fileTypeNotAllowed" }),
    );
  });

  it("limits files to 10 MB and attachments to 100 MB", () => {
    const pdf = Buffer.from("%PDF-1.7");
    expect(() => acceptAsset({ name: "a.png", size: 10 * mb + 1, head: png(10, 10), purpose: "image" })).toThrow(
      expect.objectContaining({ messageKey: "fileTooLarge", messageParams: { size: "10 MB" } }),
    );
    expect(acceptAsset({ name: "a.pdf", size: 100 * mb, head: pdf, purpose: "attachment" }).maxBytes).toBe(100 * mb);
    expect(() => acceptAsset({ name: "a.pdf", size: 100 * mb + 1, head: pdf, purpose: "attachment" })).toThrow(
      expect.objectContaining({ messageKey: "fileTooLarge", messageParams: { size: "100 MB" } }),
    );
    expect(() => acceptAsset({ name: "a.pdf", size: 10, head: pdf, purpose: "image" })).toThrow(
      expect.objectContaining({ messageKey: "fileTypeNotAllowed" }),
    );
  });

  it("gives a GIF logo over 500x500 px the spec's text, and wants a logo wider than 2 px", () => {
    const over = { maxWidth: 500, maxHeight: 500 };
    expect(() => acceptAsset({ name: "l.gif", size: 10, head: gif(800, 200), purpose: "logo" })).toThrow(
      expect.objectContaining({ messageKey: "imageTooLargeGif", messageParams: { ...over, width: 800, height: 200 } }),
    );
    expect(() => acceptAsset({ name: "l.png", size: 10, head: png(600, 10), purpose: "logo" })).toThrow(
      expect.objectContaining({ messageKey: "imageTooLarge", messageParams: { ...over, width: 600, height: 10 } }),
    );
    expect(() => acceptAsset({ name: "l.png", size: 10, head: png(2, 10), purpose: "logo" })).toThrow(
      expect.objectContaining({ messageKey: "logoTooNarrow" }),
    );
  });

  it("takes videos up to the configured size, other files up to 10 MB", () => {
    const mp4 = Buffer.from("\0\0\0\x18ftypmp42", "latin1");
    const video = { name: "clip.mp4", head: mp4, purpose: "video" as const, videoMaxBytes: 50 * mb };
    expect(acceptAsset({ ...video, size: 50 * mb }).maxBytes).toBe(50 * mb);
    expect(() => acceptAsset({ ...video, size: 50 * mb + 1 })).toThrow(
      expect.objectContaining({ messageKey: "fileTooLarge", messageParams: { size: "50 MB" } }),
    );
    expect(() => acceptAsset({ ...video, videoMaxBytes: undefined, size: 10 * mb + 1 })).toThrow(
      expect.objectContaining({ messageKey: "fileTooLarge", messageParams: { size: "10 MB" } }),
    );
    expect(() =>
      acceptAsset({ name: "a.png", size: 10 * mb + 1, head: png(10, 10), purpose: "image", videoMaxBytes: 50 * mb }),
    ).toThrow(expect.objectContaining({ messageKey: "fileTooLarge", messageParams: { size: "10 MB" } }));
  });

  it("stores under the owner's folder", () => {
    expect(assetKey("10001", "abc")).toBe("users/10001/files/abc");
  });
});
