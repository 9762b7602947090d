// Writes resourceFiles/ from the catalogue sources in src/catalogue (npm run generate -w web/resource-files).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { compressedCopy, compressedSiblings, renderResourceFiles } from "../src/catalogue/render.js";
import { resourceFilesDir } from "../src/node.js";

const { data, assets } = renderResourceFiles();
const wanted = new Set([...data.keys(), ...assets.keys(), ...[...data.keys()].flatMap(compressedSiblings)]);

function existing(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? existing(path) : [relative(resourceFilesDir, path)];
  });
}
for (const path of existing(resourceFilesDir)) if (!wanted.has(path)) rmSync(join(resourceFilesDir, path));

const write = (path: string, content: string | Buffer) => {
  const target = join(resourceFilesDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
};
for (const [path, document] of data) write(path, `${JSON.stringify(document, null, 2)}\n`);
for (const [path, content] of assets) write(path, content);
execFileSync("npx", ["biome", "format", "--write", resourceFilesDir], { stdio: "inherit" });
// Compressed copies of the JSON as formatted, for the gateway's preCompressed serving.
for (const path of data.keys()) {
  const text = readFileSync(join(resourceFilesDir, path));
  for (const sibling of compressedSiblings(path)) write(sibling, compressedCopy(sibling, text));
}
process.stdout.write(`wrote ${wanted.size} files to ${resourceFilesDir}\n`);
