import { describe, expect, it } from "vitest";
import { greyPlane, sixteenLevels } from "./grey-levels.js";
import type { Pixels } from "./raster.js";

/** A white RGBA page of width×height with the given pixels painted. */
function page(width: number, height: number, painted: [index: number, rgb: [number, number, number]][]): Pixels {
  const data = new Uint8Array(width * height * 4).fill(255);
  for (const [index, rgb] of painted) data.set(rgb, index * 4);
  return { width, height, data };
}

describe("greyPlane", () => {
  it("reads a page of grey pixels (channels within 6 of each other) down to one channel", () => {
    const plane = greyPlane(
      page(300, 200, [
        [0, [0, 0, 0]],
        [1234, [100, 100, 106]],
        [59_999, [200, 200, 200]],
      ]),
    );
    expect(plane).toBeDefined();
    expect(plane?.length).toBe(60_000);
    expect(plane?.[0]).toBe(0);
    expect(plane?.[1234]).toBe((100 * 77 + 100 * 150 + 106 * 29) >> 8);
    expect(plane?.[59_999]).toBe(200);
    expect(plane?.[5]).toBe(255);
  });

  it("finds one coloured pixel anywhere, though the first look at a page only samples it", () => {
    const width = 1600;
    const height = 900;
    // The sample steps over whole pixels (every 49th of 1600×900): the last pixel and its neighbour are off it.
    for (const index of [width * height - 1, width * height - 2, 1, 777_777]) {
      expect(greyPlane(page(width, height, [[index, [200, 40, 40]]]))).toBeUndefined();
    }
    expect(greyPlane(page(width, height, [[width * height - 1, [200, 200, 205]]]))).toBeDefined();
  });

  it("answers a grey drawing as it is, and brings grey values to the nearest of 16 levels", () => {
    const grey = Uint8Array.of(0, 8, 9, 17, 128, 255);
    expect(greyPlane({ width: 6, height: 1, data: grey, channels: 1 })).toBe(grey);
    expect([...sixteenLevels(grey)]).toEqual([0, 0, 17, 17, 136, 255]);
  });
});
