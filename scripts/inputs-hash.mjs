// Prints one hash of the files git lists under the given paths (tracked ones, and untracked ones not ignored: a new
// source file counts), each by path and content. scripts/test.sh skips a web build whose inputs hash to what they did
// when it last succeeded, as `tsc -b` skips unchanged TypeScript: vite has no incremental build, and the three web
// builds took 14 s of every test run.
// Usage: node scripts/inputs-hash.mjs <path> …
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";

const paths = process.argv.slice(2);
if (paths.length === 0) {
  process.stderr.write("usage: node scripts/inputs-hash.mjs <path> …\n");
  process.exit(2);
}
const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...paths], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
const hash = createHash("sha256");
for (const file of [...new Set(listed.split("\0").filter(Boolean))].sort()) {
  // A tracked file deleted from the work tree is still listed: its absence is part of the state.
  const content = existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : "deleted";
  hash.update(`${file}\0${content}\0`);
}
process.stdout.write(`${hash.digest("hex")}\n`);
