#!/usr/bin/env bash
# Docker HEALTHCHECK: healthy when the daemon answers GET <base>api/health with status "ok" and is ready: loaded,
# migrated, its start work done (an older version's answer has no "ready" and is ready when it answers).
# Follows BAIHU_PORT, BAIHU_HOST and BAIHU_BASE_URL, as the daemon does. With BAIHU_HEALTH_VERSION set (the
# entrypoint's trial of a new version), the answer must also name that version.
set -euo pipefail

port="${BAIHU_PORT:-5700}"
host="${BAIHU_HOST:-0.0.0.0}"
case "$host" in 0.0.0.0 | ::) host=127.0.0.1 ;; *:*) host="[$host]" ;; esac
base="${BAIHU_BASE_URL:-/}"
[[ "$base" == /* ]] || base="/$base"
[[ "$base" == */ ]] || base="$base/"
url="http://$host:$port${base}api/health"

if command -v wget >/dev/null 2>&1; then
  body="$(wget -q -T 4 -O - "$url")" || exit 1
elif command -v curl >/dev/null 2>&1; then
  body="$(curl -fsS -m 4 "$url")" || exit 1
else
  body="$(node -e 'fetch(process.argv[1],{signal:AbortSignal.timeout(4000)}).then(r=>r.text()).then(t=>console.log(t),()=>process.exit(1))' "$url")" || exit 1
fi
[[ "$body" == *'"status":"ok"'* ]] || exit 1
[[ "$body" != *'"ready":false'* ]] || exit 1
if [[ -n "${BAIHU_HEALTH_VERSION:-}" ]]; then
  [[ "$body" == *"\"version\":\"$BAIHU_HEALTH_VERSION\""* ]] || exit 1
fi
