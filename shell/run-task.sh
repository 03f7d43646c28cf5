#!/usr/bin/env bash
# Baihu's run wrapper: the one shell layer between the runner (daemon/src/runner) and a task's command.
#   run-task.sh <n> <n hook arguments...> <k> <k names config.sh must not override...> <command argv...>
# The kept names (the panel's and the run's variables) come as arguments: joined into one variable they could pass
# the 128 KiB a single variable may hold. Everything else comes through the environment; no user text is ever part
# of this file:
#   BAIHU_CONFIG_DIR   data/config (config.sh, task_before.sh, task_after.sh)
#   BAIHU_TASK_BEFORE  the task's own before commands (eval'ed)      BAIHU_TASK_AFTER  its after commands
#   BAIHU_RUN_DELAY    seconds of random delay (decided by the runner)
#   BAIHU_CONFIG_FIT   0 when config.sh cannot change the exported environment (the runner read it), else fitted
#   BAIHU_ARG_MAX      the machine's ARG_MAX      BAIHU_NOTE_LONG, BAIHU_NOTE_TOTAL  log lines (printf: name, KB)
# The command's exit code is forwarded; it is `exec`'d only when no after-hook follows it.
exec 2>&1

__baihu_config=${BAIHU_CONFIG_DIR:-}
__baihu_before=${BAIHU_TASK_BEFORE:-}
__baihu_after=${BAIHU_TASK_AFTER:-}
__baihu_delay=${BAIHU_RUN_DELAY:-0}
__baihu_fit=${BAIHU_CONFIG_FIT:-1}
__baihu_arg_max=${BAIHU_ARG_MAX:-2097152}
__baihu_note_long=${BAIHU_NOTE_LONG:-'Left out the variable %s (%s KB) that config.sh exports: too long.'}
__baihu_note_total=${BAIHU_NOTE_TOTAL:-'Left out the variable %s (%s KB) that config.sh exports: too much in all.'}
unset BAIHU_CONFIG_DIR BAIHU_TASK_BEFORE BAIHU_TASK_AFTER BAIHU_RUN_DELAY BAIHU_CONFIG_FIT BAIHU_ARG_MAX BAIHU_NOTE_LONG BAIHU_NOTE_TOTAL

__baihu_hook_args=("${@:2:$1}")
shift $(($1 + 1))
__baihu_keep=("${@:2:$1}")
shift $(($1 + 1))
__baihu_argv=("$@")
set -- "${__baihu_hook_args[@]}"

# What config.sh exports must still let the command start: Linux refuses (E2BIG) one NAME=value of 128 KiB or
# more, and argv + environment beyond ARG_MAX (each string's bytes, its NUL and its pointer). Such exports are left
# out with a line in the log; the kept variables were already fitted by the runner (runner/env-limits.ts).
__baihu_fit_environment() {
  local LC_ALL=C __name __value __bytes __total=0 __budget=$((__baihu_arg_max - 4096)) __arg __i __largest
  local -a __names=() __sizes=()
  local -A __kept=()
  for __arg in "${__baihu_argv[@]}"; do __total=$((__total + ${#__arg} + 9)); done
  for __name in "${__baihu_keep[@]}"; do __kept[$__name]=1; done
  for __name in $(compgen -e); do
    __value=${!__name}
    __bytes=$((${#__name} + ${#__value} + 2))
    if ((__bytes > 131072)); then
      # shellcheck disable=SC2059 # the format is the runner's own log line
      printf "$__baihu_note_long\n" "$__name" $(((__bytes + 1023) / 1024))
      unset "$__name"
      continue
    fi
    __total=$((__total + __bytes + 8))
    [[ -n ${__kept[$__name]-} ]] && continue
    __names+=("$__name")
    __sizes+=("$__bytes")
  done
  # Over the limit: the largest of config.sh's exports go first. Bash alone: no other program could start now.
  while ((__total > __budget)); do
    __largest=-1
    for __i in "${!__sizes[@]}"; do
      ((__largest < 0 || __sizes[__i] > __sizes[__largest])) && __largest=$__i
    done
    ((__largest < 0)) && break
    # shellcheck disable=SC2059
    printf "$__baihu_note_total\n" "${__names[__largest]}" $(((__sizes[__largest] + 1023) / 1024))
    unset "${__names[__largest]}"
    __total=$((__total - __sizes[__largest] - 8))
    unset "__sizes[__largest]" "__names[__largest]"
  done
}

# Qinglong's shell names (dir_scripts, notify_api, ...) for .sh tasks and hooks; config.sh may override them.
# The folder by parameter expansion: a `$(dirname ...)` would fork and exec twice per run.
__baihu_shell_dir=${BASH_SOURCE[0]%/*}
[[ $__baihu_shell_dir == "${BASH_SOURCE[0]}" ]] && __baihu_shell_dir=.
. "$__baihu_shell_dir/task-helpers.sh"

if [[ -n $__baihu_config && -f $__baihu_config/config.sh ]]; then
  __baihu_values=()
  for __baihu_name in "${__baihu_keep[@]}"; do __baihu_values+=("${!__baihu_name-}"); done
  . "$__baihu_config/config.sh"
  for __baihu_i in "${!__baihu_keep[@]}"; do
    export "${__baihu_keep[__baihu_i]}=${__baihu_values[__baihu_i]}"
  done
  # The runner read config.sh's text (config-sh.ts): without a command that can export, nor an assignment to an
  # exported variable, it cannot change what the command receives, and the fitting (a fork and a loop over every
  # exported variable, ≈1 ms a run) is left out.
  [[ $__baihu_fit == 0 ]] || __baihu_fit_environment
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

# Whether anything runs after the command: the task's after commands, or a task_after.sh with a line that is not a
# comment (the shipped one is only comments). When nothing does, the command takes this shell's place: no subshell
# and, for a program, `exec` — one fork and one bash fewer per run; its exit (code or signal) is the run's.
__baihu_then=$__baihu_after
if [[ -z $__baihu_then && -n $__baihu_config && -f $__baihu_config/task_after.sh ]]; then
  while IFS= read -r __baihu_line || [[ -n $__baihu_line ]]; do
    __baihu_line=${__baihu_line#"${__baihu_line%%[![:space:]]*}"}
    [[ -z $__baihu_line || $__baihu_line == \#* ]] || { __baihu_then=1 && break; }
  done <"$__baihu_config/task_after.sh"
fi

if [[ ${__baihu_argv[0]-} == --baihu-shell ]]; then
  # A plain shell command is evaluated by this bash (no second bash to start) and, as with Qinglong's task.sh, sees
  # what config.sh set. With after-hooks, in a subshell: its `exit` ends only the subshell and the hooks still run.
  if [[ -z $__baihu_then ]]; then
    eval "${__baihu_argv[1]}"
    exit
  fi
  (eval "${__baihu_argv[1]}")
elif [[ ${__baihu_argv[0]-} == --baihu-source ]]; then
  # A .sh task is sourced, as Qinglong's task.sh does: it sees config.sh's variables (exported or not) and the
  # helpers of task-helpers.sh; in a subshell when after-hooks follow, so its `exit` still lets them run.
  # `./`: `.` would look a bare name up on PATH first.
  __baihu_file=${__baihu_argv[1]}
  [[ $__baihu_file == */* ]] || __baihu_file=./$__baihu_file
  if [[ -z $__baihu_then ]]; then
    . "$__baihu_file" "${__baihu_argv[@]:2}"
    exit
  fi
  (. "$__baihu_file" "${__baihu_argv[@]:2}")
elif [[ -z $__baihu_then ]]; then
  exec "${__baihu_argv[@]}"
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
