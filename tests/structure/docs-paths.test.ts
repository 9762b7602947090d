import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The repository's top-level folders (services, web, tests, …): a code span starting with one of them is a path. */
const topFolders = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
  .map((entry) => entry.name);

/** The paths in a text's `code spans`: each span that starts with a top-level folder, up to a space. */
function spanPaths(text: string, folders: readonly string[]): string[] {
  const paths: string[] = [];
  for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
    const path = (span ?? "").split(" ")[0] ?? "";
    if (folders.some((folder) => path.startsWith(`${folder}/`))) paths.push(path);
  }
  return paths;
}

/** The paths a requirements table names in its "where" and "test" columns (a row's second and third cells). */
function tablePaths(markdown: string, folders: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) continue;
    for (const cell of line.split("|").slice(2, 4)) for (const path of spanPaths(cell, folders)) paths.add(path);
  }
  return [...paths];
}

const missing = (paths: string[]) => paths.filter((path) => !existsSync(join(root, path)));
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("paths named in the docs", () => {
  it("are read from a requirements row's where and test columns, not from the requirement's own words", () => {
    const table = [
      "| requirement | where | test | status |",
      "|---|---|---|---|",
      "| `web/not-a-column` | `services/book/src/a.ts` (built in), `docs/` | `tests/b.test.ts` | `scripts/not-a-column` |",
    ].join("\n");
    expect(tablePaths(table, ["services", "tests", "web", "docs", "scripts"]).sort()).toEqual([
      "docs/",
      "services/book/src/a.ts",
      "tests/b.test.ts",
    ]);
    expect(missing(["docs/", "docs/no-such-file.md"])).toEqual(["docs/no-such-file.md"]);
  });

  it("exist: docs/requirements.md's where and test columns", () => {
    const paths = tablePaths(read("docs/requirements.md"), topFolders);
    expect(paths.length).toBeGreaterThan(100);
    expect(missing(paths)).toEqual([]);
  });

  it("exist: the files of docs/tour.md", () => {
    const paths = spanPaths(read("docs/tour.md"), topFolders);
    expect(paths.length).toBeGreaterThan(20);
    expect(missing(paths)).toEqual([]);
  });
});
