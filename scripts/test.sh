#!/usr/bin/env bash
# Command 2: every check and every test. Unit and integration tests start their own stores and services on
# free ports; nothing else needs to run. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== lint and format (biome)"
node_modules/.bin/biome ci .
echo "== contracts (buf lint)"
(cd proto && ../node_modules/.bin/buf lint)
echo "== type-check and build (tsc -b)"
node_modules/.bin/tsc -b
echo "== tests (vitest)"
node_modules/.bin/vitest run
