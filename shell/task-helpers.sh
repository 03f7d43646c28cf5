#!/usr/bin/env bash
# Sourced by shell/run-task.sh before config.sh: the names Qinglong's shell/share.sh gives every task, so .sh tasks,
# task_before.sh and task_after.sh written for Qinglong keep working (docs/scripts.md lists them). Paths come from
# the run's environment (QL_DATA_DIR, set by the runner); config.sh may override any of them.
# shellcheck disable=SC2034 # these are for the sourced scripts

dir_data=${QL_DATA_DIR:-${BAIHU_DATA_DIR:-}}
dir_root=${QL_DIR:-$(dirname "$dir_data")}
# Sourced by its absolute path (the run wrapper, ql extra): its folder without a subshell, else as cd && pwd says.
if [[ ${BASH_SOURCE[0]} == /* ]]; then
  dir_shell=${BASH_SOURCE[0]%/*}
else
  dir_shell="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fi
dir_config=$dir_data/config
dir_scripts=$dir_data/scripts
dir_repo=$dir_data/repo
dir_raw=$dir_data/raw
dir_log=$dir_data/log
dir_db=$dir_data/db
dir_dep=$dir_data/deps
dir_bak=$dir_data/bak
file_config_user=$dir_config/config.sh
file_env=$dir_config/env.sh
file_task_before=$dir_config/task_before.sh
file_task_after=$dir_config/task_after.sh
file_extra_shell=$dir_config/extra.sh
file_notify_js=$dir_scripts/sendNotify.js
file_notify_py=$dir_scripts/notify.py

# config.sh's switches with Qinglong's defaults, for scripts that test them when config.sh does not set them.
AutoAddCron=${AutoAddCron:-true}
AutoDelCron=${AutoDelCron:-true}
RepoFileExtensions=${RepoFileExtensions:-js mjs py pyc}

# notify_api <title> <content>: a notification through the panel (sendNotify.js in data/scripts, which hands it to
# the daemon with the run's token). Qinglong's name; send_message is the older one.
notify_api() {
  node -e 'Promise.resolve(require(process.argv[1]).sendNotify(process.argv[2], process.argv[3])).catch(() => {})' \
    "$file_notify_js" "${1-}" "${2-}"
}
send_message() { notify_api "$@"; }

# Qinglong's little helpers that task_before.sh files call.
make_dir() { [[ -d $1 ]] || mkdir -p "$1"; }
detect_termux() { [[ -n ${PATH##*com.termux*} ]] && is_termux=0 || is_termux=1; }
