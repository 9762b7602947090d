import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { measureImage, pixelProblem } from "./image-pixels.js";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 1, g: 2, b: 3 } } });

describe("measureImage", () => {
  it("reads the size of JPEG, PNG, GIF and WebP from their headers; answers nothing for other bytes", async () => {
    expect(await measureImage(await picture(640, 20).jpeg().toBuffer())).toEqual({
      width: 640,
      height: 20,
      format: "jpeg",
    });
    expect(await measureImage(await picture(7, 9).png().toBuffer())).toMatchObject({ width: 7, height: 9 });
    expect(await measureImage(await picture(8, 4).gif().toBuffer())).toMatchObject({
      width: 8,
      height: 4,
      format: "gif",
    });
    expect(await measureImage(await picture(30, 40).webp().toBuffer())).toMatchObject({ width: 30, format: "webp" });
    expect(await measureImage(Buffer.from("%PDF-1.4 not a picture"))).toBeUndefined();
  });
});

describe("pixelProblem", () => {
  const key = (problem: ReturnType<typeof pixelProblem>) => [problem?.messageKey, problem?.messageParams];
  it("holds a logo to 500×500 px and wider than 2 px, every picture to 50 megapixels (coded texts)", () => {
    const over = { maxWidth: 500, maxHeight: 500 };
    expect(key(pixelProblem({ width: 4000, height: 4000, format: "jpeg" }, "logo"))).toEqual([
      "imageTooLarge",
      { ...over, width: 4000, height: 4000 },
    ]);
    expect(key(pixelProblem({ width: 600, height: 100, format: "webp" }, "logo"))).toEqual([
      "imageTooLarge",
      { ...over, width: 600, height: 100 },
    ]);
    expect(key(pixelProblem({ width: 900, height: 100, format: "gif" }, "logo"))).toEqual([
      "imageTooLargeGif",
      { ...over, width: 900, height: 100 },
    ]);
    expect(pixelProblem({ width: 2, height: 30, format: "jpeg" }, "logo")?.messageKey).toBe("logoTooNarrow");
    expect(pixelProblem({ width: 500, height: 500, format: "webp" }, "logo")).toBeUndefined();
    expect(pixelProblem({ width: 4000, height: 4000, format: "jpeg" }, "image")).toBeUndefined();
    expect(key(pixelProblem({ width: 10_000, height: 10_000, format: "png" }, "image"))).toEqual([
      "imageMegapixels",
      { max: 50 },
    ]);
    expect(pixelProblem(undefined, "logo")?.messageKey).toBe("logoFormat");
    expect(pixelProblem(undefined, "")).toBeUndefined();
  });
});
