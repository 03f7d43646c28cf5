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
# longevity.ts last: it deletes a million log files at its end, and on an ext4 without a journal (this VM's disk) new
# files are made slower for minutes after that (the inode allocator skips recently freed inodes: docs/performance.md,
# round 10), which the next bench's burst of 2,000 new folders and logs would measure.
benches=()
for bench in bench/*.ts; do [[ $bench == bench/longevity.ts ]] || benches+=("$bench"); done
[[ -f bench/longevity.ts ]] && benches+=(bench/longevity.ts)
for bench in "${benches[@]}"; do
  echo "# $bench" >&2
  node --import tsx "$bench" || status=1
done
exit "$status"
