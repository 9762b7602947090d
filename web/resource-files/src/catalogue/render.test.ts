import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { resourceFilesDir } from "../node.js";
import { compressedSiblings, renderResourceFiles } from "./render.js";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(resourceFilesDir, path)];
  });
}

describe("the committed resourceFiles folder", () => {
  const { data, assets } = renderResourceFiles();

  it("holds exactly what the catalogue sources generate (npm run generate -w web/resource-files)", () => {
    const compressed = [...data.keys()].flatMap(compressedSiblings);
    expect(filesUnder(resourceFilesDir).sort()).toEqual([...data.keys(), ...assets.keys(), ...compressed].sort());
    for (const [path, document] of data)
      expect(JSON.parse(readFileSync(join(resourceFilesDir, path), "utf8")), path).toEqual(document);
    for (const [path, content] of assets)
      expect(readFileSync(join(resourceFilesDir, path)).equals(Buffer.from(content)), path).toBe(true);
  });

  it("holds compressed copies identical to each JSON file once decompressed", () => {
    for (const path of data.keys()) {
      const text = readFileSync(join(resourceFilesDir, path));
      expect(brotliDecompressSync(readFileSync(join(resourceFilesDir, `${path}.br`))).equals(text), path).toBe(true);
      expect(gunzipSync(readFileSync(join(resourceFilesDir, `${path}.gz`))).equals(text), path).toBe(true);
    }
  });

  it("writes valid PNG backgrounds of the stated size", () => {
    const png = assets.get("mobile/backgrounds/images/dawn.png");
    if (!Buffer.isBuffer(png)) throw new Error("dawn.png is not bytes");
    expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(90);
    expect(png.readUInt32BE(20)).toBe(160);
  });
});
