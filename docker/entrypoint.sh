#!/usr/bin/env bash
# Container entrypoint (run under tini): prepare the data directory, then keep the daemon running.
#
#  - The daemon is restarted when it exits without being asked to: after a crash with a back-off (1 s, doubling up to
#    30 s, back to 1 s once a run has lasted 60 s), and at once after a clean exit (exit code 0: a restart the daemon
#    asked for, e.g. from the panel).
#  - Exit code 78 (EX_CONFIG: a bad BAIHU_* variable) is not retried: restarting cannot fix it.
#  - SIGTERM / SIGINT (docker stop, Ctrl-C) are forwarded to the daemon; when it has exited, so does this script.
#  - Runs as any user. As root with PUID (and PGID) set, it hands the data directory to that user and drops to it.
#
# Overridable for tests and host use: BAIHU_APP_DIR (default /baihu), BAIHU_DATA_DIR (default $BAIHU_APP_DIR/data),
# BAIHU_DAEMON_CMD (default "node daemon/dist/server.mjs", or the sources through tsx when no bundle was built; run
# from BAIHU_APP_DIR; split on spaces).
set -euo pipefail
# The data directory holds secrets (database, jwt-secret, config.sh, SSH keys): whatever this script, the daemon and
# its scripts create is private to the daemon's user (0600 files, 0700 folders). The daemon tightens older entries.
umask 077

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
  if ! command -v su-exec >/dev/null 2>&1; then
    log "PUID is set but su-exec is not installed; cannot drop privileges"
    exit 78
  fi
  mkdir -p "$data_dir"
  # Only walk the tree when it is not already owned by that user (a large volume makes chown -R slow).
  if [[ "$(stat -c %u:%g "$data_dir")" != "$PUID:$pgid" ]]; then
    log "giving $data_dir to $PUID:$pgid"
    chown -R "$PUID:$pgid" "$data_dir"
  fi
  export HOME="${HOME:-/tmp}"
  exec su-exec "$PUID:$pgid" "$0" "$@"
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
if [[ -n "${BAIHU_DAEMON_CMD:-}" ]]; then
  read -r -a daemon_cmd <<<"$BAIHU_DAEMON_CMD"
else
  # The bundle built by `npm run build:daemon` (the image has it); from a checkout without it, the sources via tsx.
  if [[ -f "$app_dir/daemon/dist/server.mjs" ]]; then
    daemon_cmd=(node --max-semi-space-size=1 daemon/dist/server.mjs)
  else
    daemon_cmd=(node --import tsx daemon/src/server.ts)
  fi
fi
cd "$app_dir"

child=0
stopping=0
on_signal() {
  stopping=1
  if ((child > 0)); then kill -s "$1" "$child" 2>/dev/null || true; fi
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

delay=1
while :; do
  started=$SECONDS
  "${daemon_cmd[@]}" &
  child=$!
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
  sleep "$delay" &
  sleeper=$!
  set +e
  wait "$sleeper"
  set -e
  kill "$sleeper" 2>/dev/null || true
  if ((stopping)); then exit 0; fi
  delay=$((delay * 2 > 30 ? 30 : delay * 2))
done
