#!/usr/bin/env bash
## task_before.sh: sourced before every task's command, after config.sh.
## The task's arguments are in "$@"; variables set or exported here reach the script.
## Example: print the time each run starts.
# echo "before: $(date '+%F %T')"
