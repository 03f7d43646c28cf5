#!/usr/bin/env bash
# Sourced by run-task.sh after config.sh, when the runner found that config.sh can change the exported environment
# (config-sh.ts): what config.sh exports must still let the command start. Linux refuses (E2BIG) one NAME=value of
# 128 KiB or more, and argv + environment beyond ARG_MAX (each string's bytes, its NUL and its pointer). Such exports
# are left out with a line in the log; the kept variables were already fitted by the runner (env-limits.ts).
#   BAIHU_ARG_MAX  the machine's ARG_MAX    BAIHU_NOTE_LONG, BAIHU_NOTE_TOTAL  the log lines (printf: name, KB)
__baihu_arg_max=${BAIHU_ARG_MAX:-2097152}
__baihu_note_long=${BAIHU_NOTE_LONG:-'Left out the variable %s (%s KB) that config.sh exports: too long.'}
__baihu_note_total=${BAIHU_NOTE_TOTAL:-'Left out the variable %s (%s KB) that config.sh exports: too much in all.'}
unset BAIHU_ARG_MAX BAIHU_NOTE_LONG BAIHU_NOTE_TOTAL

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
__baihu_fit_environment
