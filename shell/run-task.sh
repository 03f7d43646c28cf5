#!/usr/bin/env bash
# Baihu's run wrapper: the one shell layer between the runner (daemon/src/runner) and a task's command.
#   run-task.sh <n> <n hook arguments...> <command argv...>
# Everything else comes through the environment; no user text is ever part of this file:
#   BAIHU_CONFIG_DIR   data/config (config.sh, task_before.sh, task_after.sh)
#   BAIHU_TASK_BEFORE  the task's own before commands (eval'ed)      BAIHU_TASK_AFTER  its after commands
#   BAIHU_RUN_DELAY    seconds of random delay (decided by the runner)
#   BAIHU_KEEP         names config.sh must not override (the panel's and the run's variables)
# Not `exec`: the after-hooks run after the command, and the command's exit code is forwarded.
exec 2>&1

__baihu_config=${BAIHU_CONFIG_DIR:-}
__baihu_before=${BAIHU_TASK_BEFORE:-}
__baihu_after=${BAIHU_TASK_AFTER:-}
__baihu_delay=${BAIHU_RUN_DELAY:-0}
read -r -a __baihu_keep <<<"${BAIHU_KEEP:-}"
unset BAIHU_CONFIG_DIR BAIHU_TASK_BEFORE BAIHU_TASK_AFTER BAIHU_RUN_DELAY BAIHU_KEEP

__baihu_hook_args=("${@:2:$1}")
shift $(($1 + 1))
__baihu_argv=("$@")
set -- "${__baihu_hook_args[@]}"

if [[ -n $__baihu_config && -f $__baihu_config/config.sh ]]; then
  __baihu_values=()
  for __baihu_name in "${__baihu_keep[@]}"; do __baihu_values+=("${!__baihu_name-}"); done
  . "$__baihu_config/config.sh"
  for __baihu_i in "${!__baihu_keep[@]}"; do
    export "${__baihu_keep[__baihu_i]}=${__baihu_values[__baihu_i]}"
  done
fi

if ((__baihu_delay > 0)); then
  sleep "$__baihu_delay"
fi

if [[ -n $__baihu_config && -f $__baihu_config/task_before.sh ]]; then
  . "$__baihu_config/task_before.sh" "$@"
fi
if [[ -n $__baihu_before ]]; then
  eval "$__baihu_before"
fi

if [[ ${__baihu_argv[0]-} == --baihu-shell ]]; then
  # A plain shell command runs in a subshell of this one: no second bash to start, and (as with Qinglong's task.sh)
  # it sees what config.sh set; `exit` in it ends only the subshell, so the after-hooks still run.
  (eval "${__baihu_argv[1]}")
else
  "${__baihu_argv[@]}"
fi
__baihu_code=$?

if [[ -n $__baihu_config && -f $__baihu_config/task_after.sh ]]; then
  . "$__baihu_config/task_after.sh" "$@"
fi
if [[ -n $__baihu_after ]]; then
  eval "$__baihu_after"
fi
exit "$__baihu_code"
