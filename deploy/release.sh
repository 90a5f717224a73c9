#!/usr/bin/env bash
# Rolling release without downtime (docs/deploy.md, decision 121), one instance at a time:
#   sudo deploy/release.sh /srv/stem-academy/releases/2026-12-01-1
# The release directory holds a checkout with `npm ci && npm run build` done (never build into a
# directory an instance runs from). For each running instance: start one of the new release on a
# free slot, wait until it answers /healthz, give Caddy two health-check intervals to send it
# requests, then stop the old one, which drains (DRAIN_SECONDS of 503 on /healthz, in-flight
# requests finished). The first new instance applies the release's migrations (they must be
# expand-only: the old instances keep running on the new schema until they are stopped).
# Stops at the first new instance that does not become healthy, leaving the old ones serving.
# `npm run rehearse:deploy` rehearses these steps on loopback.
set -euo pipefail

RELEASE=${1:?usage: release.sh RELEASE_DIR}
ROOT=${STEM_ROOT:-/srv/stem-academy}
SLOTS=(${STEM_SLOTS:-3001 3002 3003 3004})
HEALTH_TIMEOUT=${STEM_HEALTH_TIMEOUT:-90}
# Caddy checks every second (deploy/Caddyfile): two intervals and a margin.
CADDY_NOTICE=${STEM_CADDY_NOTICE:-2.5}

RELEASE=$(readlink -f "$RELEASE")
for file in build/server-main/index.js build/server/index.js; do
  [ -f "$RELEASE/$file" ] || { echo "release.sh: $RELEASE/$file is missing: run npm ci && npm run build there first" >&2; exit 1; }
done

running=()
free=()
for port in "${SLOTS[@]}"; do
  if systemctl is-active --quiet "stem-academy@$port"; then running+=("$port"); else free+=("$port"); fi
done
[ "${#free[@]}" -ge 1 ] || { echo "release.sh: no free slot among ${SLOTS[*]}" >&2; exit 1; }
previous=$(readlink -f "$ROOT/current" 2>/dev/null || true)

# Hashed assets of both releases in both: during the roll a page rendered by one release may ask
# another instance for its scripts and styles. Names carry a content hash, so nothing is overwritten.
if [ -n "$previous" ] && [ -d "$previous/build/client/assets" ] && [ "$previous" != "$RELEASE" ]; then
  cp -an "$previous/build/client/assets/." "$RELEASE/build/client/assets/"
  cp -an "$RELEASE/build/client/assets/." "$previous/build/client/assets/"
fi

# New instances start from `current`; running ones keep their own release (the app resolves its
# build folder once, at start).
ln -sfn "$RELEASE" "$ROOT/current.next"
mv -T "$ROOT/current.next" "$ROOT/current"
echo "current → $RELEASE (was ${previous:-nothing})"

healthy() { curl -fsS --max-time 2 "http://127.0.0.1:$1/healthz" >/dev/null 2>&1; }
start_new() {
  local port=$1
  systemctl start "stem-academy@$port"
  for _ in $(seq 1 "$HEALTH_TIMEOUT"); do
    if healthy "$port"; then systemctl enable --quiet "stem-academy@$port"; return 0; fi
    systemctl is-active --quiet "stem-academy@$port" || break
    sleep 1
  done
  echo "release.sh: the new instance on $port did not become healthy; the old ones keep serving" >&2
  journalctl -u "stem-academy@$port" -n 30 --no-pager >&2 || true
  systemctl stop "stem-academy@$port" || true
  return 1
}

if [ "${#running[@]}" -eq 0 ]; then
  # First start: two instances (they take turns to migrate and seed).
  start_new "${free[0]}"
  start_new "${free[1]:?need two free slots}"
  echo "started ${free[0]} and ${free[1]}"
  exit 0
fi

i=0
for old in "${running[@]}"; do
  new=${free[$i]:-}
  [ -n "$new" ] || { echo "release.sh: no free slot left for the instance replacing $old" >&2; exit 1; }
  start_new "$new"
  sleep "$CADDY_NOTICE"
  # systemd sends SIGTERM and waits (TimeoutStopSec) while the instance drains.
  systemctl disable --quiet "stem-academy@$old"
  systemctl stop "stem-academy@$old"
  echo "rolled $old → $new"
  i=$((i + 1))
done
echo "release done: ${free[*]:0:${#running[@]}} serve $RELEASE"
