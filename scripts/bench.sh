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
# Every bench's temporary folders stay in one root until the last bench has run (bench/lib/temp.ts): on an ext4
# without a journal new files are made slower for minutes after many were removed (the inode allocator passes over
# recently freed inodes), which the next bench would measure. longevity.ts runs last: its retention pass itself removes 200,000 logs.
BENCH_TEMP_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/baihu-bench-run-XXXXXX")
export BENCH_TEMP_ROOT
trap 'rm -rf "$BENCH_TEMP_ROOT"' EXIT
benches=()
for bench in bench/*.ts; do [[ $bench == bench/longevity.ts ]] || benches+=("$bench"); done
[[ -f bench/longevity.ts ]] && benches+=(bench/longevity.ts)
for bench in "${benches[@]}"; do
  echo "# $bench" >&2
  node --import tsx "$bench" || status=1
done
exit "$status"
