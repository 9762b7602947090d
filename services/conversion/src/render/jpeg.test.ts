import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegOf } from "./jpeg.js";
import type { Pixels } from "./raster.js";

/** A width×height image of one colour a pixel, `channels` bytes each. */
function filled(width: number, height: number, channels: 1 | 3 | 4, colour: number[]): Pixels {
  const data = new Uint8Array(width * height * channels);
  for (let at = 0; at < data.length; at += channels) data.set(colour.slice(0, channels), at);
  return { width, height, data, channels };
}

async function decoded(jpeg: Buffer) {
  return sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
}

describe("jpegOf", () => {
  it("encodes RGB, RGBA (alpha left out) and grey pixels as JPEGs of their size and colour", async () => {
    for (const [channels, colour, outChannels] of [
      [3, [200, 40, 90], 3],
      [4, [200, 40, 90, 255], 3],
      [1, [120], 1],
    ] as const) {
      const jpeg = jpegOf(filled(90, 60, channels, [...colour]), 80);
      expect(await sharp(jpeg).metadata()).toMatchObject({
        format: "jpeg",
        width: 90,
        height: 60,
        channels: outChannels,
      });
      const { data } = await decoded(jpeg);
      for (let channel = 0; channel < outChannels; channel++)
        expect(Math.abs((data[channel] ?? 0) - (colour[channel] ?? 0))).toBeLessThanOrEqual(3);
    }
  });

  it("leaves a JPEG it answered whole when it encodes the next one (its output buffer is reused)", async () => {
    jpegOf(filled(400, 300, 3, [250, 250, 250]), 75);
    const first = jpegOf(filled(64, 64, 3, [10, 200, 30]), 75);
    const copy = Buffer.from(first);
    jpegOf(filled(64, 64, 1, [0]), 75);
    expect(first.equals(copy)).toBe(true);
    expect(first.buffer.byteLength).toBeLessThan(64 * 1024);
    expect((await decoded(first)).info.width).toBe(64);
  });

  it("makes fewer bytes at a lower quality", () => {
    const noise = new Uint8Array(256 * 256 * 3).map((_, at) => (at * 7919) % 251);
    const pixels: Pixels = { width: 256, height: 256, data: noise, channels: 3 };
    expect(jpegOf(pixels, 50).length).toBeLessThan(jpegOf(pixels, 90).length);
  });
});
