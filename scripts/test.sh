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
echo "== type-check and build (tsc -b) (at ${SECONDS} s)"
node_modules/.bin/tsc -b
# Tests and benchmark scripts are not part of any build; they are type-checked on their own, beside the web
# builds (each of the two keeps one core busy for about half a minute).
mkdir -p .turnleaf
node_modules/.bin/tsc -p tests > .turnleaf/tsc-tests.log 2>&1 &
tests_type_check=$!
echo "== web apps (type-check and bundle) (at ${SECONDS} s)"
npm run -s build -w web/reader
npm run -s build -w web/editor
npm run -s build:offline -w web/reader   # the offline reader turnleaf publish --format html ships (tests/cli)
echo "== type-check tests and benchmarks (tsc -p tests) (at ${SECONDS} s)"
tests_status=0
wait "$tests_type_check" || tests_status=$?
cat .turnleaf/tsc-tests.log
if [ "$tests_status" -ne 0 ]; then exit "$tests_status"; fi
echo "== tests (vitest) (at ${SECONDS} s)"
results="$PWD/.turnleaf/vitest-results.json"
status=0
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json="$results" || status=$?
# One plain closing line, whatever the runner printed above it.
node -e 'const r = require(process.argv[1]); console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$results" || true
echo "== done (at ${SECONDS} s)"
exit "$status"
