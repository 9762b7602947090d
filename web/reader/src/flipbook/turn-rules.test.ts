import { describe, expect, it } from "vitest";
import { edgeFade, hardAngle, isHardTurn, releasedTurn, restingPoint, settlingPoint } from "./turn-rules.js";

const soft = { hardPages: false, flipStyle: "curl" as const, hardCover: false };

describe("the rules of a turn", () => {
  it("rests a corner at the page's outer edge, top or bottom", () => {
    expect(restingPoint("right", "bottom", 400, 600)).toEqual({ x: 400, y: 600 });
    expect(restingPoint("left", "top", 400, 600)).toEqual({ x: -400, y: 0 });
  });

  it("turns stiff boards for hard pages, flat books and a hard cover's first and last spreads", () => {
    expect(isHardTurn(soft, true, 10, 4, 5)).toBe(false);
    expect(isHardTurn({ ...soft, hardPages: true }, true, 10, 4, 5)).toBe(true);
    expect(isHardTurn({ ...soft, flipStyle: "flat" }, false, 10, 4, 5)).toBe(true);
    expect(isHardTurn({ ...soft, hardCover: true }, true, 10, 0, 1)).toBe(true);
    expect(isHardTurn({ ...soft, hardCover: true }, true, 10, 8, 9)).toBe(true);
    expect(isHardTurn({ ...soft, hardCover: true }, true, 10, 4, 5)).toBe(false);
    expect(isHardTurn({ ...soft, hardCover: true }, false, 10, 0, 1)).toBe(false);
  });

  it("rotates a board by how far it has gone, within 0–180 degrees", () => {
    expect(hardAngle("right", 400, 400)).toBe(0);
    expect(hardAngle("right", 0, 400)).toBe(90);
    expect(hardAngle("right", -900, 400)).toBe(180);
  });

  it("stops a single page's sheet at the viewport's edge and fades it beyond", () => {
    expect(edgeFade("right", { x: -50, y: 10 }, 100, 400, false)).toEqual({ folded: { x: -50, y: 10 }, opacity: 1 });
    const faded = edgeFade("right", { x: -250, y: 10 }, 100, 400, false);
    expect(faded.folded).toEqual({ x: -100, y: 10 });
    expect(faded.opacity).toBeCloseTo(0.5);
    expect(edgeFade("right", { x: -250, y: 10 }, 100, 400, true).opacity).toBe(1);
  });

  it("settles from where the pointer is to the destination, lifting on the way", () => {
    expect(settlingPoint({ x: 0, y: 600 }, { x: 400, y: 600 }, 1, "bottom", 600)).toEqual({ x: 400, y: 600 });
    expect(settlingPoint({ x: 0, y: 600 }, { x: 400, y: 600 }, 0.5, "bottom", 600).y).toBeLessThan(600);
  });

  it("lands a released sheet past a quarter of the way, a reversed one before three quarters", () => {
    const forward = { side: "right" as const, corner: "bottom" as const, reverse: false };
    expect(releasedTurn(forward, 300, 400, 600)).toEqual({ lands: false, destination: { x: 400, y: 600 } });
    expect(releasedTurn(forward, 100, 400, 600)).toEqual({ lands: true, destination: { x: -400, y: 600 } });
    const back = { ...forward, reverse: true };
    expect(releasedTurn(back, 0, 400, 600)).toEqual({ lands: true, destination: { x: 400, y: 600 } });
    expect(releasedTurn(back, -300, 400, 600)).toEqual({ lands: false, destination: { x: -400, y: 600 } });
  });
});
