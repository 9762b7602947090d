// Prints tests/setup/file-seconds.json from a vitest JSON report: each integration file's seconds (end - start).
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
const seconds = {};
for (const file of report.testResults) {
  const name = relative(process.cwd(), file.name);
  if (name.startsWith("tests/")) seconds[name] = Math.round((file.endTime - file.startTime) / 100) / 10;
}
const sorted = Object.entries(seconds).sort(([, a], [, b]) => b - a);
process.stdout.write(`${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
