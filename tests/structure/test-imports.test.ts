import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The folders whose packages keep their code in `<top>/<name>/src`. */
const packageTops = ["services", "web", "packages"];

/**
 * The imports of the TypeScript files under `tests` (in `base`) that reach into a package's `src/` by a relative
 * path, as `file: specifier`: every import, export-from and dynamic import() counts, type-only ones too. A test goes
 * through the package's name and a subpath its package.json `exports` declares (`@turnleaf/gateway/in-process`).
 */
async function srcImports(base: string): Promise<string[]> {
  const tests = join(base, "tests");
  const entries = await readdir(tests, { recursive: true, withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) continue;
    const file = join(entry.parentPath, entry.name);
    if (file.split(sep).includes("node_modules")) continue;
    const { importedFiles } = ts.preProcessFile(await readFile(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const [top, name, folder] = relative(base, resolve(dirname(file), fileName)).split(sep);
      if (top && packageTops.includes(top) && name && folder === "src") {
        found.push(`${relative(base, file)}: ${fileName}`);
      }
    }
  }
  return found.sort();
}

const scratch = await mkdtemp(join(tmpdir(), "turnleaf-test-imports-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("tests' imports", () => {
  it("are found when they reach a package's src/: a value, a type-only, an export-from and a dynamic import", async () => {
    await mkdir(join(scratch, "tests", "deep", "er"), { recursive: true });
    await writeFile(
      join(scratch, "tests", "a.test.ts"),
      [
        'import { buildApp } from "../services/gateway/src/app.js";',
        'import type { Peers } from "../services/gateway/src/peers.js";',
        'import { connectPeers } from "@turnleaf/gateway/in-process";',
        'import { helper } from "./deep/er/helper.js";',
        'import { readFileSync } from "node:fs";',
        'const text = readFileSync(new URL("../web/reader/src/preview.ts", import.meta.url), "utf8");',
      ].join("\n"),
    );
    await writeFile(
      join(scratch, "tests", "deep", "er", "helper.ts"),
      [
        'export { labelsFor } from "../../../web/editor/src/labels.js";',
        'export const load = () => import("../../../packages/book-format/src/index.js");',
        'export { stores } from "../../../scripts/src/stores.js";',
        "export const helper = 1;",
      ].join("\n"),
    );
    expect(await srcImports(scratch)).toEqual([
      "tests/a.test.ts: ../services/gateway/src/app.js",
      "tests/a.test.ts: ../services/gateway/src/peers.js",
      "tests/deep/er/helper.ts: ../../../packages/book-format/src/index.js",
      "tests/deep/er/helper.ts: ../../../web/editor/src/labels.js",
    ]);
  });

  it("reach no package's src/ by a relative path: they import its public entry points", async () => {
    expect(await srcImports(root)).toEqual([]);
  });
});
