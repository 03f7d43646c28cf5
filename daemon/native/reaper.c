/*
 * baihu-reaper GRACE_MS PROGRAM [ARG...]
 *
 * Runs in front of every process the runner starts (daemon/src/runner/run-group.ts), so that stop and timeout reach
 * every process of a run, however it detaches. It makes itself a child subreaper (PR_SET_CHILD_SUBREAPER): a process
 * of the run that leaves the process group (setsid), double-forks or drops the run marker from its environment
 * (`env -i`) is re-parented to this process instead of init, so it stays a descendant and can be found.
 *
 *  - It starts PROGRAM (argv as given, no shell; PATH lookup as execvp) in its own process group and session (the
 *    runner spawned it as a group leader), and reaps every child it gets, adopted ones included.
 *  - When PROGRAM exits on its own, it exits at once with PROGRAM's status (the same code, or the same signal).
 *    Processes PROGRAM left running on purpose (a bot started in the background) are left alone, as cron and
 *    Qinglong do: they re-parent to the next subreaper or init and are no longer part of the run.
 *  - On SIGTERM (also SIGINT, SIGHUP, SIGQUIT) from its parent, the daemon: SIGTERM to every descendant, then, once GRACE_MS
 *    have passed, every descendant is frozen (SIGSTOP, until no new process appears) and killed (SIGKILL). It exits
 *    as soon as it has no descendant left, with PROGRAM's status. Signals from anyone else (a script's `kill 0`
 *    reaches its whole process group, this process included) are ignored.
 *
 * The work itself is reaper-core.c's, which baihu-spawner also runs in the process it forks for a run.
 *
 * Descendants are found by reading every /proc/<pid>/stat (parent pid) rather than /proc/<pid>/task/<tid>/children,
 * which needs CONFIG_PROC_CHILDREN and is missing on some kernels.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "reaper-core.h"

extern char **environ;

int main(int argc, char **argv) {
  char *end = NULL;
  long grace_ms = argc >= 3 ? strtol(argv[1], &end, 10) : -1;
  if (argc < 3 || *argv[1] == '\0' || *end != '\0' || grace_ms < 0) {
    fprintf(stderr, "usage: baihu-reaper GRACE_MS PROGRAM [ARG...]\n");
    return 2;
  }
  reaper_run(grace_ms, argv + 2, environ);
}
