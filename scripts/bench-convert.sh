#!/usr/bin/env bash
# Benchmark (not a test): converts generated PDFs with Turnleaf's pipeline and with poppler's pdftoppm at the same
# output size, and prints pages/s, ms to first page, peak RSS and KB per page for both, with their ratios.
# Usage: npm run bench:convert [-- --pages 100 --max-side 1600 --workers N]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pdftoppm >/dev/null 2>&1; then
  echo "pdftoppm missing: installing poppler-utils" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  if ! $SUDO apt-get install -y poppler-utils >/dev/null; then
    $SUDO apt-get update >/dev/null
    $SUDO apt-get install -y poppler-utils >/dev/null
  fi
fi

exec node --conditions=source --import tsx scripts/bench/convert.ts "$@"
