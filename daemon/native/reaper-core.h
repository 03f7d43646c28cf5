#ifndef BAIHU_REAPER_CORE_H
#define BAIHU_REAPER_CORE_H

/*
 * Runs argv (PATH looked up in env, as execvp) behind this process as the run reaper: a child subreaper that reaps
 * every child, obeys a stop only from its parent, and exits the way the command did. Never returns. The caller's
 * signal mask when it is called is the one the command gets.
 */
_Noreturn void reaper_run(long grace_ms, char **argv, char **env);

#endif
