import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each integration file took in a full run (the whole test command of 2026-12-08 00:33, three workers). Refresh
 * it from a run's JSON results (.turnleaf/vitest-results.json, written by scripts/test.sh) with
 * `node tests/setup/file-seconds.mjs .turnleaf/vitest-results.json > tests/setup/file-seconds.json`.
 */
const fileSeconds: Record<string, number> = JSON.parse(
  readFileSync(new URL("./file-seconds.json", import.meta.url), "utf8"),
);

/** A file the table does not know yet (a new one): somewhere in the middle, as most files take ten seconds or less. */
const unknownFileSeconds = 10;

/**
 * The longest files first, so that the workers finish together: the last files to start are short ones, and no
 * worker waits idle at the end for the other's minute-long file. Vitest's own order uses its cache of the last
 * run's durations, which every partial run (one file, one folder) overwrites, and falls back to file sizes, so a
 * fresh clone could start a minute-and-a-half file last. Projects keep vitest's order (one after another).
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    const projectRank = new Map<string, number>();
    for (const file of vitestOrder)
      if (!projectRank.has(file.project.name)) projectRank.set(file.project.name, projectRank.size);
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) => {
      if (file.project.name !== "integration") return 0;
      return fileSeconds[relative(root, file.moduleId)] ?? unknownFileSeconds;
    };
    const position = new Map(vitestOrder.map((file, index) => [file, index]));
    return [...vitestOrder].sort(
      (a, b) =>
        (projectRank.get(a.project.name) ?? 0) - (projectRank.get(b.project.name) ?? 0) ||
        seconds(b) - seconds(a) ||
        (position.get(a) ?? 0) - (position.get(b) ?? 0),
    );
  }
}
