#!/bin/sh
# The README's start command: build what is missing (UI bundle, daemon bundle), then *become* the daemon. Nothing
# else stays resident — no npm, no shell, no second node — so the process tree of a running panel is the daemon alone.
set -e
cd "$(dirname "$0")/.."
node scripts/prepare-start.mjs
# glibc's allocator tuned for one long-running process (docs/performance.md, the same in docker/entrypoint.sh and
# bench/lib/daemon.ts): two arenas rather than one per busy thread, and free memory at the top of the heap given back
# from 128 KB on: −1 MB idle. A value already set is kept.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
# A small young generation: the daemon idles with little garbage, and this saves ~12 MB of resident memory.
exec node --max-semi-space-size=1 daemon/dist/server.mjs
