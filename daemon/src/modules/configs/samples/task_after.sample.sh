#!/usr/bin/env bash
## task_after.sh: sourced after every task's command, whatever its exit code.
## The task's arguments are in "$@".
## Example:
# echo "after: $(date '+%F %T')"
