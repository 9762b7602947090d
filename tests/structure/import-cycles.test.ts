import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The TypeScript sources (tests included) under each `<top>/<name>/src` folder. */
async function sources(base: string, tops: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const top of tops) {
    const names = await readdir(join(base, top)).catch(() => [] as string[]);
    for (const name of names) {
      const src = join(base, top, name, "src");
      const entries = await readdir(src, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
          files.push(join(entry.parentPath, entry.name));
        }
      }
    }
  }
  return files;
}

/**
 * Import cycles among relative imports: every import, export-from and dynamic import() counts, type-only ones too
 * (TypeScript's own pre-processor reads them). Answers each strongly connected group of two or more files.
 */
async function importCycles(base: string, tops: string[]): Promise<string[][]> {
  const files = await sources(base, tops);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(await readFile(file, "utf8"), true, true);
    const targets = importedFiles
      .map((entry) => entry.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => resolve(dirname(file), name))
      .map((path) => [
        path.replace(/\.js$/, ".ts"),
        path.replace(/\.js$/, ".tsx"),
        `${path}.ts`,
        `${path}.tsx`,
        join(path, "index.ts"),
        join(path, "index.tsx"),
      ])
      .map((candidates) => candidates.find((candidate) => known.has(candidate)))
      .filter((path): path is string => path !== undefined);
    graph.set(file, targets);
  }
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(relative(base, member));
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return groups;
}

const scratch = await mkdtemp(join(tmpdir(), "turnleaf-cycles-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("import cycles", () => {
  it("are found: a type-only import back, a dynamic import and a three-file ring", async () => {
    const src = join(scratch, "services", "demo", "src");
    await mkdir(join(src, "render"), { recursive: true });
    await writeFile(join(src, "render", "a.ts"), 'export const load = () => import("./b.js");\n');
    await writeFile(
      join(src, "render", "b.ts"),
      'import type { load } from "./a.js";\nexport type Load = typeof load;\n',
    );
    await writeFile(join(src, "x.ts"), 'export { y } from "./y.js";\nexport const x = 1;\n');
    await writeFile(join(src, "y.ts"), 'import { z } from "./z.js";\nexport const y = z;\n');
    await writeFile(join(src, "z.ts"), 'import { x } from "./x.js";\nexport const z = x;\n');
    await writeFile(join(src, "leaf.ts"), 'import { x } from "./x.js";\nexport const leaf = x;\n');
    const groups = await importCycles(scratch, ["services"]);
    expect(groups.map((group) => group.map((file) => file.split("/").pop())).sort()).toEqual([
      ["a.ts", "b.ts"],
      ["x.ts", "y.ts", "z.ts"],
    ]);
  });

  it("are none in services/*/src, packages/*/src and web/*/src (a shared value or type goes in a leaf module)", async () => {
    expect(await importCycles(root, ["services", "packages", "web"])).toEqual([]);
  });
});
