#!/usr/bin/env bash
# npm run bench: runs every bench/*.ts with tsx; each prints its figures as JSON lines.
# Exit code 1 when any benchmark failed or exceeded its budget (all of them still run).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

status=0
# Benchmarks measure what production runs: the UI bundle and the daemon bundle.
npm run --silent build:ui >/dev/null || status=1
npm run --silent build:daemon >/dev/null || status=1
shopt -s nullglob
for bench in bench/*.ts; do
  echo "# $bench" >&2
  node --import tsx "$bench" || status=1
done
exit "$status"
