#!/bin/sh
# The README's start command: build what is missing (UI bundle, daemon bundle), then *become* the daemon. Nothing
# else stays resident — no npm, no shell, no second node — so the process tree of a running panel is the daemon alone.
set -e
cd "$(dirname "$0")/.."
node scripts/prepare-start.mjs
# A small young generation: the daemon idles with little garbage, and this saves ~12 MB of resident memory.
exec node --max-semi-space-size=1 daemon/dist/server.mjs
