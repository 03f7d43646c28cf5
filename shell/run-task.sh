#!/usr/bin/env bash
# Baihu's run wrapper, between the runner and a task's command (daemon/src/jobs/executor/README.md):
#   run-task.sh <n> <n hook arguments...> <k> <k names config.sh must not override...> <command argv...>
# No user text is ever part of this file; the rest comes in the environment:
#   BAIHU_CONFIG_DIR   data/config        BAIHU_SOURCE  which of config.sh, task_before.sh, task_after.sh to source
#   BAIHU_TASK_BEFORE  the task's before commands (eval'ed)    BAIHU_TASK_AFTER  its after commands
#   BAIHU_RUN_DELAY    seconds of random delay                 BAIHU_CONFIG_FIT  1: fit the environment after config.sh
# Bash spends ≈15,000 instructions on each command and ≈140 on each byte it reads, comments included, and every run
# pays for this file: what a run seldom needs lives in files sourced only then, and the runner reads the hook files
# so that this file need not.
exec 2>&1

__baihu_config=${BAIHU_CONFIG_DIR-} __baihu_source=${BAIHU_SOURCE-} __baihu_fit=${BAIHU_CONFIG_FIT-}
__baihu_before=${BAIHU_TASK_BEFORE-} __baihu_after=${BAIHU_TASK_AFTER-} __baihu_delay=${BAIHU_RUN_DELAY-}
unset BAIHU_CONFIG_DIR BAIHU_SOURCE BAIHU_CONFIG_FIT BAIHU_TASK_BEFORE BAIHU_TASK_AFTER BAIHU_RUN_DELAY

__baihu_hook_args=("${@:2:$1}")
shift $(($1 + 1))
__baihu_keep=("${@:2:$1}")
shift $(($1 + 1))
__baihu_argv=("$@")
set -- "${__baihu_hook_args[@]}"

# Qinglong's shell names (dir_scripts, notify_api, ...) for .sh tasks and hooks; config.sh may override them.
__baihu_shell_dir=${BASH_SOURCE[0]%/*}
[[ $__baihu_shell_dir == "${BASH_SOURCE[0]}" ]] && __baihu_shell_dir=.
. "$__baihu_shell_dir/task-helpers.sh"

if [[ $__baihu_source == *config* ]]; then
  __baihu_values=()
  for __baihu_name in "${__baihu_keep[@]}"; do __baihu_values+=("${!__baihu_name-}"); done
  . "$__baihu_config/config.sh"
  for __baihu_i in "${!__baihu_keep[@]}"; do
    export "${__baihu_keep[__baihu_i]}=${__baihu_values[__baihu_i]}"
  done
  [[ $__baihu_fit == 1 ]] && . "$__baihu_shell_dir/fit-environment.sh"
fi

[[ -n $__baihu_delay ]] && sleep "$__baihu_delay"
[[ $__baihu_source == *before* ]] && . "$__baihu_config/task_before.sh" "$@"
[[ -n $__baihu_before ]] && eval "$__baihu_before"

# With nothing to run after it, the command takes this shell's place (evaluated or sourced here, a program exec'd):
# a fork and a bash fewer, and its exit is the run's. Else it runs in a subshell or a child, so that its `exit`
# still lets the after-hooks run.
if [[ -z $__baihu_after && $__baihu_source != *after* ]]; then
  case ${__baihu_argv[0]-} in
  --baihu-shell) eval "${__baihu_argv[1]}" ;;
  --baihu-source) . "${__baihu_argv[1]}" "${__baihu_argv[@]:2}" ;;
  *) exec "${__baihu_argv[@]}" ;;
  esac
  exit
fi
case ${__baihu_argv[0]-} in
--baihu-shell) (eval "${__baihu_argv[1]}") ;;
--baihu-source) (. "${__baihu_argv[1]}" "${__baihu_argv[@]:2}") ;;
*) "${__baihu_argv[@]}" ;;
esac
__baihu_code=$?
[[ $__baihu_source == *after* ]] && . "$__baihu_config/task_after.sh" "$@"
[[ -n $__baihu_after ]] && eval "$__baihu_after"
exit "$__baihu_code"
