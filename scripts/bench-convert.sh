#!/usr/bin/env bash
# Benchmark (not a test): issue 13's tables. Per document (generated, real-world, a 320-page book, a PPTX) the job
# pipeline with every PDFium engine installed against pdftoppm / pdftocairo -jpeg one process per core (pages/s,
# CPU per page, first page cold and warm, peak RSS, KB per page); then one and two replicas on a 300-page book.
# Usage: npm run bench:convert [-- --pages 40 --book 320 --max-side 1600 --workers N --only NAME --skip-replicas]
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
