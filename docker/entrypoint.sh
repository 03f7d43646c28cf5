#!/usr/bin/env bash
# Container entrypoint (run under tini): prepare the data directory, then keep the daemon running.
#
#  - The daemon is restarted when it exits without being asked to: after a crash with a back-off (1 s, doubling up to
#    30 s, back to 1 s once a run has lasted 60 s), and at once after a clean exit (exit code 0: a restart the daemon
#    asked for, e.g. from the panel).
#  - Exit code 78 (EX_CONFIG: a bad BAIHU_* variable) is not retried: restarting cannot fix it.
#  - SIGTERM / SIGINT (docker stop, Ctrl-C) are forwarded to the daemon; when it has exited, so does this script.
#  - Runs as any user. As root with PUID (and PGID) set, it hands the data directory to that user and drops to it
#    (setpriv, from util-linux).
#
#  - Versions (docs/update.md): before each start, docker/select-version.mjs picks the image's own version or a newer
#    one the panel (or `ql update`) staged under data/update/. A staged version's first start is a trial: it must
#    answer the health check with its own version within BAIHU_UPDATE_START_TIMEOUT seconds (default 90), or it is
#    stopped, marked bad, and the version that ran before it is started again (the panel then says why).
#    BAIHU_SELF_UPDATE=false (images managed by a container updater) always starts the image's own version.
#
# Overridable for tests and host use: BAIHU_APP_DIR (default /baihu), BAIHU_DATA_DIR (default $BAIHU_APP_DIR/data),
# BAIHU_DAEMON_CMD (default "node daemon/dist/server.mjs", or the sources through tsx when no bundle was built; run
# from the chosen version's folder; split on spaces).
set -euo pipefail
# The data directory holds secrets (database, jwt-secret, config.sh, SSH keys): whatever this script, the daemon and
# its scripts create is private to the daemon's user (0600 files, 0700 folders). The daemon tightens older entries.
umask 077
# glibc's allocator tuned for the long-running daemon, as scripts/start.sh does (docs/performance.md).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"

app_dir="${BAIHU_APP_DIR:-/baihu}"
data_dir="${BAIHU_DATA_DIR:-$app_dir/data}"
case "$data_dir" in /*) ;; *) data_dir="$PWD/$data_dir" ;; esac
export BAIHU_DATA_DIR="$data_dir"
subdirs=(config scripts repo raw log db deps ssh.d syslog bak upload)

log() { echo "[baihu-entrypoint] $*" >&2; }

# --- optional privilege drop (root + PUID/PGID) -----------------------------------------------------------------
if [[ "$(id -u)" == 0 && -n "${PUID:-}" && "${PUID}" != 0 ]]; then
  pgid="${PGID:-$PUID}"
  if ! [[ "$PUID" =~ ^[0-9]+$ && "$pgid" =~ ^[0-9]+$ ]]; then
    log "PUID and PGID must be numeric ids (got PUID=${PUID} PGID=${PGID:-})"
    exit 78
  fi
  if ! command -v setpriv >/dev/null 2>&1; then
    log "PUID is set but setpriv (util-linux) is not installed; cannot drop privileges"
    exit 78
  fi
  mkdir -p "$data_dir"
  # Only walk the tree when it is not already owned by that user (a large volume makes chown -R slow).
  if [[ "$(stat -c %u:%g "$data_dir")" != "$PUID:$pgid" ]]; then
    log "giving $data_dir to $PUID:$pgid"
    chown -R "$PUID:$pgid" "$data_dir"
  fi
  # root's home is not that user's: npm and pip keep their caches under HOME.
  [[ -n "${HOME:-}" && "$HOME" != /root ]] || export HOME=/tmp
  exec setpriv --reuid="$PUID" --regid="$pgid" --clear-groups -- "$0" "$@"
fi

# --- data directory ---------------------------------------------------------------------------------------------
not_writable() {
  log "the data directory $data_dir is not writable by uid $(id -u) gid $(id -g): $1"
  log "fix: make it writable for that user on the host (e.g. chown -R $(id -u):$(id -g) ./data), or run as root with PUID/PGID"
  exit 73
}
mkdir -p "$data_dir" 2>/dev/null || not_writable "cannot create it"
for sub in "${subdirs[@]}"; do
  mkdir -p "$data_dir/$sub" 2>/dev/null || not_writable "cannot create $sub/"
done
probe="$data_dir/db/.write-test-$$"
{ : >"$probe" && rm -f "$probe"; } 2>/dev/null || not_writable "cannot write in db/"

# --- daemon under a restart loop --------------------------------------------------------------------------------
# The daemon may ask for a restart (exit code 0) because this loop supervises it: the panel's restart and update.
export BAIHU_SUPERVISED=1
start_timeout="${BAIHU_UPDATE_START_TIMEOUT:-90}"
[[ "$start_timeout" =~ ^[0-9]+$ ]] || start_timeout=90

# The command for the version in the current directory.
daemon_command() {
  if [[ -n "${BAIHU_DAEMON_CMD:-}" ]]; then
    read -r -a daemon_cmd <<<"$BAIHU_DAEMON_CMD"
  elif [[ -f daemon/dist/server.mjs ]]; then
    # The bundle built by `npm run build:daemon` (the image and every release have it).
    daemon_cmd=(node --max-semi-space-size=1 daemon/dist/server.mjs)
  else
    # A checkout without it: the sources via tsx.
    daemon_cmd=(node --import tsx daemon/src/server.ts)
  fi
}

# Sets run_mode (image | staged | trial), run_dir and run_version. A staged version runs with the image's
# node_modules (its bundle needs only the native modules) and the image's run reaper when it brings none.
choose_version() {
  local line
  if ! line="$(node "$app_dir/docker/select-version.mjs" choose)"; then
    log "could not read the staged versions (data/update); starting the image's own version"
    line=$'image\t'"$app_dir"$'\t?'
  fi
  IFS=$'\t' read -r run_mode run_dir run_version <<<"$line"
  if [[ "$run_mode" != image ]]; then
    ln -sfn "$app_dir/node_modules" "$run_dir/node_modules"
    if [[ -x "$app_dir/daemon/native/baihu-reaper" && ! -e "$run_dir/daemon/native/baihu-reaper" ]]; then
      mkdir -p "$run_dir/daemon/native"
      ln -sfn "$app_dir/daemon/native/baihu-reaper" "$run_dir/daemon/native/baihu-reaper"
    fi
    if [[ "$run_mode" == trial ]]; then
      log "starting version $run_version from $run_dir (its first start: it has ${start_timeout}s to answer)"
    else
      log "starting version $run_version from $run_dir"
    fi
  fi
}

child=0
sleeper=0
stopping=0
on_signal() {
  stopping=1
  if ((child > 0)); then kill -s "$1" "$child" 2>/dev/null || true; fi
  # A back-off's sleep ends too: a signal just before its `wait` began would otherwise be waited out.
  if ((sleeper > 0)); then kill "$sleeper" 2>/dev/null || true; fi
}
trap 'on_signal TERM' TERM
trap 'on_signal INT' INT

# Waits for the daemon to end, through interruptions of `wait` by the traps above; sets $status.
wait_child() {
  local rc
  status=127
  while kill -0 "$child" 2>/dev/null; do
    set +e
    wait "$child"
    rc=$?
    set -e
    ((rc == 127)) || status=$rc
  done
  # If a trap interrupted the last wait just as the daemon ended, this collects its real status.
  set +e
  wait "$child"
  rc=$?
  set -e
  ((rc == 127)) || status=$rc
}

# An interruptible sleep (a signal ends it at once).
pause() {
  sleep "$1" &
  sleeper=$!
  # Asked to stop before the sleep began (the trap has run): no sleep at all.
  if ((stopping)); then kill "$sleeper" 2>/dev/null || true; fi
  set +e
  wait "$sleeper"
  set -e
  kill "$sleeper" 2>/dev/null || true
  sleeper=0
}

# A trial: until the new version answers the health check with its own version. Sets trial_outcome to ok, stopped
# (we were asked to stop), exited (it ended by itself; $status) or timeout.
await_health() {
  local deadline=$((SECONDS + start_timeout))
  while :; do
    if ((stopping)); then trial_outcome=stopped; return; fi
    if ! kill -0 "$child" 2>/dev/null; then
      wait_child
      trial_outcome=exited
      return
    fi
    if BAIHU_HEALTH_VERSION="$run_version" "$app_dir/docker/healthcheck.sh" >/dev/null 2>&1; then
      trial_outcome=ok
      return
    fi
    if ((SECONDS >= deadline)); then trial_outcome=timeout; return; fi
    pause 1
  done
}

# Ends a daemon that failed its trial: SIGTERM, then SIGKILL after 10 s.
end_child() {
  kill -TERM "$child" 2>/dev/null || true
  local waited=0
  while kill -0 "$child" 2>/dev/null && ((waited < 100)); do
    sleep 0.1
    waited=$((waited + 1))
  done
  kill -KILL "$child" 2>/dev/null || true
  set +e
  wait "$child" 2>/dev/null
  set -e
}

delay=1
while :; do
  choose_version
  cd "$run_dir"
  daemon_command
  started=$SECONDS
  "${daemon_cmd[@]}" &
  child=$!

  if [[ "$run_mode" == trial ]]; then
    await_health
    case "$trial_outcome" in
      ok)
        node "$app_dir/docker/select-version.mjs" passed "$run_version" || true
        log "version $run_version answers its health check"
        ;;
      timeout)
        log "version $run_version did not answer its health check within ${start_timeout}s (Service startup timeout)"
        end_child
        node "$app_dir/docker/select-version.mjs" failed "$run_version" timeout || true
        child=0
        if ((stopping)); then exit 0; fi
        continue
        ;;
      exited)
        log "version $run_version exited with code $status before it answered its health check"
        node "$app_dir/docker/select-version.mjs" failed "$run_version" exited "$status" || true
        child=0
        if ((stopping)); then exit 0; fi
        continue
        ;;
    esac
  fi

  wait_child
  child=0
  uptime=$((SECONDS - started))

  if ((stopping)); then
    # 143 / 130: the daemon was ended by the very signal we forwarded.
    if ((status == 0 || status == 143 || status == 130)); then exit 0; fi
    exit "$status"
  fi
  if ((status == 78)); then
    log "the daemon refused its configuration (exit code 78); fix the settings above and start the container again"
    exit 78
  fi
  if ((uptime >= 60)); then delay=1; fi
  if ((status == 0)); then
    log "the daemon exited cleanly without being stopped: restarting it"
    delay=1
    continue
  fi

  log "the daemon exited with code $status after ${uptime}s; restarting in ${delay}s"
  pause "$delay"
  if ((stopping)); then exit 0; fi
  delay=$((delay * 2 > 30 ? 30 : delay * 2))
done
