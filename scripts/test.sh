#!/usr/bin/env bash
# Runs every test tier and ends with node's test summary. `npm test` = all tiers (with the static checks first, the
# integration tier again on PostgreSQL, the tests marked `// @zoned` once more under a second time zone, and the image
# tier last); `npm test -- unit|integration|postgres|e2e|image` runs one tier (`postgres`: the PostgreSQL pass).
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s globstar nullglob

tier="${1:-all}"

# Finds a Chromium for the browser tests; on a Debian machine where we are root, installs Debian's package
# (with a CJK font, or Chinese screenshots show boxes).
ensure_chromium() {
  local candidate="${CHROME_PATH:-/usr/bin/chromium}"
  if [[ -x "$candidate" ]] && { [[ -n "${CHROME_PATH:-}" ]] || fc-list 2>/dev/null | grep -qi 'wqy\|noto sans cjk'; }; then
    export CHROME_PATH="$candidate"
    return
  fi
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium and fonts-wqy-microhei for the browser tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
    export CHROME_PATH=/usr/bin/chromium
    return
  fi
  if [[ -x "$candidate" ]]; then
    export CHROME_PATH="$candidate"
    return
  fi
  echo "No Chromium found for the browser tests. Install Debian's 'chromium' package (apt-get install chromium" >&2
  echo "fonts-wqy-microhei) or set CHROME_PATH to a Chromium or Chrome binary." >&2
  exit 1
}

# The PostgreSQL dialect's tests start clusters of their own (scripts/test-postgres.mjs: initdb and pg_ctl on a private
# port and folder, never a system service): they need Debian's server binaries, installed here when we are root.
ensure_postgres() {
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && return
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's postgresql for the PostgreSQL tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-contrib >/dev/null
    return
  fi
  echo "No PostgreSQL server binaries in /usr/lib/postgresql/*/bin: install Debian's 'postgresql' package." >&2
  exit 1
}

# The image tier (test/image/): this checkout's Dockerfile built with buildah on a Debian base made with debootstrap
# (scripts/image.sh; both cached, docs/performance.md says how long), then run by the tests. Needs root; on Debian it
# installs buildah, podman and debootstrap itself. It is the last tier of `npm test`.
image_tools_missing() {
  local tool
  for tool in buildah podman debootstrap; do command -v "$tool" >/dev/null 2>&1 || return 0; done
  return 1
}
# Answers whether the image tier can run here, after installing its Debian packages when it may.
image_tools_ready() {
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1 && image_tools_missing; then
    echo "Installing Debian's buildah, podman and debootstrap for the image tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah podman debootstrap >/dev/null
  fi
  [[ $(id -u) -eq 0 ]] && ! image_tools_missing
}

# `npm test` starts the image build first and lets it run beside the other tiers: most of a cold build waits on
# downloads and unpacking, and at nice 19 its compiles take only the CPU the tests leave. The image tier waits for it.
image_build_pid=""
image_build_log=""
start_image_build() {
  image_build_log="$(mktemp "${TMPDIR:-/tmp}/baihu-image-build.XXXXXX")"
  echo "Building the image for the image tier in the background (log: $image_build_log)"
  # A session of its own, so that stopping it stops buildah and its steps too. A new session is a new scheduling
  # group where the kernel groups by session (autogroup), and that group's own nice is what counts against the tests:
  # both are set to 19.
  setsid bash -c '{ echo 19 >/proc/self/autogroup; } 2>/dev/null; exec nice -n 19 scripts/image.sh build' \
    >"$image_build_log.id" 2>"$image_build_log" </dev/null &
  image_build_pid=$!
  trap stop_image_build EXIT
}
stop_image_build() {
  if [[ -n "$image_build_pid" ]] && kill -0 "$image_build_pid" 2>/dev/null; then
    kill -TERM -- "-$image_build_pid" 2>/dev/null || true
  fi
}
# Sets BAIHU_TEST_IMAGE to the image the tier tests: the background build's, else one built now.
build_test_image() {
  if [[ -z "$image_build_pid" ]]; then
    BAIHU_TEST_IMAGE="$(scripts/image.sh build | tail -n 1)"
    return
  fi
  local status=0 started=$SECONDS
  echo "Waiting for the image build (log: $image_build_log)"
  wait "$image_build_pid" || status=$?
  image_build_pid=""
  if [[ $status -ne 0 ]]; then
    echo "The image build failed (exit code $status). The end of its log, $image_build_log:" >&2
    tail -n 40 "$image_build_log" >&2
    exit 1
  fi
  echo "The image build ended $((SECONDS - started)) s after the other tiers"
  BAIHU_TEST_IMAGE="$(tail -n 1 "$image_build_log.id")"
  rm -f "$image_build_log" "$image_build_log.id"
}
run_image_tier() {
  if ! image_tools_ready; then
    echo "The image tests need root and Debian's buildah, podman and debootstrap packages" >&2
    echo "(apt-get install buildah podman debootstrap)." >&2
    exit 1
  fi
  build_test_image
  export BAIHU_TEST_IMAGE
  # Side by side: each file drives containers of its own (own data dir, own port), and most of their time is waiting.
  node --import tsx --test --test-reporter=spec --test-concurrency=2 test/image/**/*.test.ts
}

# The run reaper (daemon/native/reaper.c) is what the runner tests exercise: (re)build it when its source changed.
node scripts/build-reaper.mjs --quiet
# `ql` and `task` in the tests run the daemon's bundle when it is newer than its sources, else the sources through tsx,
# many times slower to start: bundle it (seconds), and the CLI tests take half the time.
node scripts/build-daemon.mjs >/dev/null

# The npm packages scripts find without an install (script-packages/, on every run's NODE_PATH): the runner and
# Qinglong-compatibility tests load them, so a clean checkout gets them from the npm registry once.
if [[ ! -d script-packages/node_modules/got ]]; then
  npm ci --prefix script-packages --no-audit --no-fund --silent
fi

# `npm test` prints how long each step took (CI's log shows where the minutes go) and ends failed when a step failed,
# after running the others.
failed=0
step() {
  local name="$1" start=$SECONDS
  shift
  "$@" || failed=1
  echo "⏱ $name: $((SECONDS - start)) s"
}

files=()
case "$tier" in
  all)
    if image_tools_ready; then start_image_build; fi
    step check npm run --silent check
    [[ $failed -eq 0 ]] || exit 1
    ensure_chromium
    ensure_postgres
    step "UI build" npm run --silent build:ui
    files=(test/unit/**/*.test.ts test/integration/**/*.test.ts test/e2e/**/*.test.ts)
    ;;
  unit) files=(test/unit/**/*.test.ts) ;;
  integration)
    ensure_postgres
    files=(test/integration/**/*.test.ts)
    ;;
  image) files=(test/image/**/*.test.ts) ;;
  postgres)
    ensure_postgres
    files=(test/integration/**/*.test.ts)
    ;;
  e2e)
    ensure_chromium
    npm run --silent build:ui
    files=(test/e2e/**/*.test.ts)
    ;;
  *)
    echo "usage: npm test [-- all|unit|integration|postgres|e2e|image]" >&2
    exit 2
    ;;
esac

if [[ ${#files[@]} -eq 0 ]]; then
  echo "No test files found for tier '$tier'" >&2
  exit 1
fi

run_tests() {
  node --import tsx --test --test-reporter=spec --test-concurrency=2 "$@"
}

# The integration tier again on PostgreSQL: one cluster for the pass (scripts/test-postgres.mjs, a private port and
# folder, stopped at the end), its template migrated once, every data dir a database copied from it
# (test/helpers/postgres.ts). Files marked `// @sqlite-only: <why>` test SQLite's own machinery (or both engines
# themselves) and run in the first pass only; test/unit/sqlite-only-marks.test.ts checks each says why.
run_postgres_pass() {
  local folder url status=0 file
  local pg_files=()
  for file in test/integration/**/*.test.ts; do
    grep -q '^// @sqlite-only: ' "$file" || pg_files+=("$file")
  done
  folder="$(mktemp -d "${TMPDIR:-/tmp}/baihu-pg-pass-XXXXXX")"
  url="$(node scripts/test-postgres.mjs start "$folder")" || return 1
  node --import tsx test/helpers/postgres-template.ts "$url" || status=1
  if [[ $status -eq 0 ]]; then
    echo "${#pg_files[@]} integration files on PostgreSQL"
    BAIHU_TEST_DIALECT=postgres BAIHU_TEST_POSTGRES_URL="$url" run_tests "${pg_files[@]}" || status=1
  fi
  node scripts/test-postgres.mjs stop "$folder" || status=1
  rm -rf "$folder"
  return "$status"
}

# Node 20 does not expand globs itself: bash does (globstar), and a missing tier fails above instead of passing.
if [[ "$tier" == image ]]; then
  run_image_tier
  exit
fi
if [[ "$tier" == postgres ]]; then
  run_postgres_pass
  exit
fi
if [[ "$tier" != all ]]; then
  exec node --import tsx --test --test-reporter=spec --test-concurrency=2 "${files[@]}"
fi
step unit run_tests test/unit/**/*.test.ts
step integration run_tests test/integration/**/*.test.ts
step "integration on PostgreSQL" run_postgres_pass
step e2e run_tests test/e2e/**/*.test.ts
# Tests pin their time zone where it matters and pass under any host zone. The ones that read the host's zone or its
# local clock are marked `// @zoned` (test/unit/zoned-marks.test.ts fails on one that is not): they run a second time
# under another zone (Asia/Shanghai, where most users live; UTC when that is the host's already).
zone=Asia/Shanghai
[[ "${TZ:-}" == "$zone" ]] && zone=UTC
zoned=()
for file in test/unit/**/*.test.ts test/integration/**/*.test.ts; do
  grep -qx '// @zoned' "$file" && zoned+=("$file")
done
echo "The ${#zoned[@]} zoned test files again under TZ=$zone"
run_zoned() { TZ="$zone" run_tests "${zoned[@]}"; }
step "zoned, TZ=$zone" run_zoned
# Outside `step`: the image tier's own failures end the run at once (errexit holds inside it).
image_start=$SECONDS
run_image_tier
echo "⏱ image: $((SECONDS - image_start)) s"
echo "⏱ npm test: $SECONDS s"
exit "$failed"
