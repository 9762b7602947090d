#!/usr/bin/env bash
# Regenerates the protobuf-es code in proto/gen from proto/**/*.proto (buf with the local protoc-gen-es plugin).
set -euo pipefail
cd "$(dirname "$0")/../proto"
../node_modules/.bin/buf lint
../node_modules/.bin/buf generate
