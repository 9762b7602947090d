#!/usr/bin/env bash
# Command 2: every check and every test. Unit and integration tests start their own stores and services on
# free ports; nothing else needs to run. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== lint and format (biome) (at ${SECONDS} s)"
node_modules/.bin/biome ci --colors=off .
echo "== docs (relative links resolve) (at ${SECONDS} s)"
bash docs/check-links.sh
echo "== contracts (buf lint) (at ${SECONDS} s)"
(cd proto && ../node_modules/.bin/buf lint)
mkdir -p .turnleaf
# Three single-threaded jobs share the two cores once what they need is built: the services' build (tsc -b, then
# their bundles), the web apps (they import the contracts and resource files) and the tests' type-check (it reads the
# sources, and the conversion service's declarations for the benchmarks). One after the other they took 76 s in a
# fresh clone (tsc -b 37, the web apps 23, the tests' type-check 11 more).
echo "== what the web apps and the tests' type-check read (tsc -b) (at ${SECONDS} s)"
node_modules/.bin/tsc -b proto web/resource-files services/conversion
# Tests and benchmark scripts are not part of any build; they are type-checked on their own. Both type-checks are
# incremental (their tsconfig's tsBuildInfoFile, under node_modules/.tmp): on a machine that ran them before only what
# changed is checked again (tests: 27 CPU-s from nothing, 7 again; the two apps 15, 5).
node_modules/.bin/tsc -p tests > .turnleaf/tsc-tests.log 2>&1 &
tests_type_check=$!
# A web build is skipped when its output is there and its inputs (every source under web/, the generated contracts,
# the lockfile) hash to what they did when it last succeeded: vite has no incremental build of its own.
# The three share their inputs, hashed once before any of them runs.
web_inputs_hash=$(node scripts/inputs-hash.mjs web proto/gen package-lock.json tsconfig.base.json)
web_build() {
  local name=$1 output=$2 stamp=".turnleaf/build-stamps/$1" hash=$web_inputs_hash
  shift 2
  if [[ -f "$output" && -f "$stamp" && "$(cat "$stamp")" == "$hash" ]]; then
    echo "$name: inputs unchanged since its last build"
    return
  fi
  rm -f "$stamp"
  "$@"
  mkdir -p "$(dirname "$stamp")"
  echo "$hash" > "$stamp"
}
(
  web_build reader web/reader/dist/index.html npm run -s build -w web/reader
  web_build editor web/editor/dist/index.html npm run -s build -w web/editor
  # The offline reader turnleaf publish --format html ships (tests/cli).
  web_build reader-offline web/reader/dist-offline/reader.js npm run -s build:offline -w web/reader
) > .turnleaf/web-builds.log 2>&1 &
web_builds=$!
# A failed step below leaves no build running behind the script.
trap 'kill "$tests_type_check" "$web_builds" 2>/dev/null || true' EXIT
echo "== type-check and build (tsc -b), beside the web apps and the tests' type-check (at ${SECONDS} s)"
node_modules/.bin/tsc -b
node scripts/bundle-services.mjs   # each service as one file, as the images run it
# A job's output once it has ended; its exit status ends the script when it failed.
finished() {
  local status=0
  wait "$2" || status=$?
  echo "== $1 (done at ${SECONDS} s)"
  cat "$3"
  return "$status"
}
finished "web apps (type-check and bundle)" "$web_builds" .turnleaf/web-builds.log
finished "type-check tests and benchmarks (tsc -p tests)" "$tests_type_check" .turnleaf/tsc-tests.log
trap - EXIT
echo "== tests (vitest) (at ${SECONDS} s)"
results="$PWD/.turnleaf/vitest-results.json"
status=0
# The machine's CPU counters around the tests (user, nice, system, idle, iowait, ...; /proc/stat's first line): how
# busy its cores were tells whether more workers could pay (idle cores) or only less work can (busy ones).
cpu_before=$(head -1 /proc/stat 2>/dev/null || true)
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json="$results" || status=$?
cpu_after=$(head -1 /proc/stat 2>/dev/null || true)
# One plain closing line, whatever the runner printed above it; then where the time went: the slowest files, and
# the cores' use during the tests (every process on the machine, not only the tests').
node -e 'const r = require(process.argv[1]); console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$results" || true
node -e '
  const r = require(process.argv[1]);
  const files = r.testResults.map((f) => ({ name: require("node:path").relative(process.cwd(), f.name), s: (f.endTime - f.startTime) / 1000 }));
  files.sort((a, b) => b.s - a.s);
  console.log(`slowest files (of ${files.length}, ${files.reduce((sum, f) => sum + f.s, 0).toFixed(0)} s in all):`);
  for (const f of files.slice(0, 12)) console.log(`  ${f.s.toFixed(1).padStart(6)} s  ${f.name}`);
  const ticks = (line) => line.trim().split(/\s+/).slice(1).map(Number);
  const [before, after] = [process.argv[2], process.argv[3]].map(ticks);
  if (before.length > 4 && after.length === before.length) {
    const spent = after.map((value, index) => value - before[index]);
    const total = spent.reduce((sum, value) => sum + value, 0);
    const idle = spent[3] + spent[4];
    console.log(`cores busy during the tests: ${((100 * (total - idle)) / total).toFixed(0)}% (of ${require("node:os").availableParallelism()})`);
  }
' "$results" "$cpu_before" "$cpu_after" || true
echo "== done (at ${SECONDS} s)"
exit "$status"
