import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photo } from "../../../../tests/fixtures/pdf/generate.js";
import { mayHoldWords, presenceSide, wordEvidence } from "./text-presence.js";

async function grey(input: Buffer) {
  const { data, info } = await sharp(input)
    .greyscale()
    .resize({ width: presenceSide, height: presenceSide, fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const page = (body: string, background = "#f4f1ea") =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754">
    <rect width="100%" height="100%" fill="${background}"/>${body}</svg>`);

describe("mayHoldWords", () => {
  it("sees a scanned page of text, even one line of it, and light text on a dark page", async () => {
    const line = (y: number, fill = "#1a1a1a") =>
      `<text x="120" y="${y}" font-family="DejaVu Sans" font-size="28" fill="${fill}">Zeppelin harbour lighthouse orchard</text>`;
    expect(mayHoldWords(await grey(page(Array.from({ length: 30 }, (_, i) => line(200 + i * 40)).join(""))))).toBe(
      true,
    );
    expect(mayHoldWords(await grey(page(line(400))))).toBe(true);
    expect(mayHoldWords(await grey(page(line(400, "#f0f0f0"), "#202020")))).toBe(true);
  });

  it("passes over photos and blank paper", async () => {
    for (const seed of [1, 2, 3]) {
      const picture = await photo(1240, 1754, seed);
      expect(
        mayHoldWords(await grey(picture)),
        `photo ${seed}: ${JSON.stringify(wordEvidence(await grey(picture)))}`,
      ).toBe(false);
    }
    expect(mayHoldWords(await grey(page("")))).toBe(false);
  });
});
