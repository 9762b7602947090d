#!/usr/bin/env bash
# Command 1: installs, builds and starts the whole system on embedded defaults with a demo book.
# Ctrl-C stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
node_modules/.bin/tsc -b
node scripts/bundle-services.mjs
npm run -s build -w web/reader
npm run -s build -w web/editor
exec node --enable-source-maps scripts/dist/up.js
