# Sourced by shell/ql and shell/task: sets `cmd` to the node command that runs the CLI named $1 (ql or task).
# The bundle (daemon/dist/<name>.mjs, built by `npm run build:daemon`: the image and every release have it) starts in
# a tenth of the time tsx takes to load the sources, which a chain of `task` parts pays once per part. A checkout
# whose daemon sources changed after its bundle was built runs the sources, so a stale bundle never runs.
cli_command() {
  local name="$1"
  shift
  local bundle="$repo/daemon/dist/$name.mjs"
  if [[ -f "$bundle" ]] && [[ -z "$(find "$repo/daemon/src" -newer "$bundle" -name '*.ts' -print -quit 2>/dev/null)" ]]; then
    cmd=(node "$bundle" "$@")
  else
    cmd=(node --import "$repo/node_modules/tsx/dist/loader.mjs" "$repo/daemon/src/cli/$name.ts" "$@")
  fi
}
