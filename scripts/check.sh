#!/usr/bin/env bash
# Static checks, zero warnings: types (daemon and UI), lint, format.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "tsc: daemon, tests, benchmarks"
npx tsc -p tsconfig.json
echo "tsc: ui"
npx tsc -p ui/tsconfig.json
echo "eslint"
npx eslint --max-warnings 0 .
echo "prettier"
npx prettier --check --log-level warn .
