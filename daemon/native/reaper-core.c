/*
 * The run reaper's work (see reaper.c for what it does and why): shared by baihu-reaper, which runs it after
 * parsing its arguments, and baihu-spawner, which runs it in the process it forked for a run instead of exec'ing
 * baihu-reaper there (an exec and a C library start fewer per run: ≈0.3 ms of CPU with glibc, which asks the CPU
 * for its cache sizes at every start, slow under a hypervisor).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "reaper-core.h"

#ifndef PR_SET_CHILD_SUBREAPER
#define PR_SET_CHILD_SUBREAPER 36
#endif

struct proc {
  pid_t pid;
  pid_t ppid;
  /* 0 unknown, 1 descendant of this process, 2 not. */
  char mark;
};

extern char **environ;

static struct proc *procs;
static size_t proc_count, proc_capacity;
static pid_t self;

static int by_pid(const void *a, const void *b) {
  pid_t x = ((const struct proc *)a)->pid, y = ((const struct proc *)b)->pid;
  return (x > y) - (x < y);
}

static struct proc *find_proc(pid_t pid) {
  struct proc key = {.pid = pid};
  return bsearch(&key, procs, proc_count, sizeof *procs, by_pid);
}

/* Reads (pid, parent pid) of every live process; zombies are left out (they can no longer fork or be stopped). */
static void scan_proc(void) {
  proc_count = 0;
  DIR *dir = opendir("/proc");
  if (!dir) return;
  struct dirent *entry;
  char path[64], buffer[512];
  while ((entry = readdir(dir)) != NULL) {
    char *end;
    long pid = strtol(entry->d_name, &end, 10);
    if (*end != '\0' || pid <= 0) continue;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) continue;
    buffer[n] = '\0';
    /* "pid (comm) state ppid ...": comm may hold spaces and parentheses, so parse after the last ')'. */
    char *close_paren = strrchr(buffer, ')');
    char state;
    long ppid;
    if (!close_paren || sscanf(close_paren + 1, " %c %ld", &state, &ppid) != 2) continue;
    if (state == 'Z' || state == 'X') continue;
    if (proc_count == proc_capacity) {
      size_t capacity = proc_capacity ? proc_capacity * 2 : 512;
      struct proc *grown = realloc(procs, capacity * sizeof *procs);
      if (!grown) break;
      procs = grown;
      proc_capacity = capacity;
    }
    procs[proc_count++] = (struct proc){.pid = (pid_t)pid, .ppid = (pid_t)ppid, .mark = 0};
  }
  closedir(dir);
  qsort(procs, proc_count, sizeof *procs, by_pid);
}

static struct proc **chain;
static size_t chain_capacity;

/* Whether entry descends from this process: walks up the parent chain, remembering the answer for every step. */
static int descends(struct proc *entry) {
  if (chain_capacity < proc_count + 1) {
    struct proc **grown = realloc(chain, (proc_count + 1) * sizeof *chain);
    if (!grown) return 0;
    chain = grown;
    chain_capacity = proc_count + 1;
  }
  size_t depth = 0;
  int answer = 2;
  for (struct proc *at = entry; depth <= proc_count;) {
    if (at->mark) {
      answer = at->mark;
      break;
    }
    chain[depth++] = at;
    if (at->ppid == self) {
      answer = 1;
      break;
    }
    /* Pid 1 and processes outside this pid namespace (parent 0) end the walk; so does a parent gone meanwhile. */
    struct proc *parent = at->ppid > 1 ? find_proc(at->ppid) : NULL;
    if (!parent) break;
    at = parent;
  }
  while (depth > 0) chain[--depth]->mark = (char)answer;
  return answer == 1;
}

/* Sends sig to every live descendant; returns how many there were. */
static size_t signal_descendants(int sig) {
  scan_proc();
  size_t found = 0;
  for (size_t i = 0; i < proc_count; i++) {
    if (procs[i].pid != self && descends(&procs[i])) {
      kill(procs[i].pid, sig);
      found++;
    }
  }
  return found;
}

static int child_exited;
static int child_status;
static pid_t child;

/* Reaps every finished child (the command, and any process adopted as subreaper); 1 when none is left at all. */
static int reap(void) {
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid == child) {
      child_exited = 1;
      child_status = status;
    }
    if (pid > 0) continue;
    return pid < 0 && errno == ECHILD;
  }
}

static void pause_ms(long ms) {
  struct timespec wait = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
  nanosleep(&wait, NULL);
}

/* Freezes the whole tree (a stopped process cannot fork), then kills it; repeats until nothing is left. */
static void kill_descendants(void) {
  for (int round = 0; round < 1000; round++) {
    reap();
    size_t before = signal_descendants(SIGSTOP);
    if (before == 0) return;
    /* A process caught in fork may still add a child: stop again until a pass finds no more processes. */
    size_t after = signal_descendants(SIGSTOP);
    if (after > before) continue;
    signal_descendants(SIGKILL);
    reap();
    pause_ms(5);
  }
}

static long long now_ms(void) {
  struct timespec at;
  clock_gettime(CLOCK_MONOTONIC, &at);
  return (long long)at.tv_sec * 1000 + at.tv_nsec / 1000000;
}

/* Exits the way the command did: its exit code, or its signal (without a core dump of this process). */
static void finish(int status) {
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
    _exit(128 + sig);
  }
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

/* A stop counts only when the daemon (the parent) asks: a script's own `kill 0` reaches this process too. */
static int is_stop_request(int sig, const siginfo_t *info) {
  return (sig == SIGTERM || sig == SIGINT || sig == SIGHUP || sig == SIGQUIT) && info->si_pid == getppid();
}

_Noreturn void reaper_run(long grace_ms, char **argv, char **env) {
  /* posix_spawnp looks PATH up in this process's own environment: the run's. */
  environ = env;
  self = getpid();

  /* Every signal is taken synchronously (sigwaitinfo): this process must not die of a signal meant for the
     command's process group, and the command gets the original mask back before exec. */
  sigset_t all, original;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &original);
  /* Without it (a kernel before 3.4) the run still works; only detached processes escape, as without this helper. */
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);

  /* posix_spawnp: PATH lookup as execvp, without copying this process (vfork-style), and an exec failure is
     reported here. The command gets the signal mask this process started with. */
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setsigmask(&attributes, &original);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  int error = posix_spawnp(&child, argv[0], NULL, &attributes, argv, env);
  posix_spawnattr_destroy(&attributes);
  if (error != 0) {
    fprintf(stderr, "Cannot start %s: %s\n", argv[0], strerror(error));
    _exit(error == ENOENT ? 127 : 126);
  }

  int terminating = 0;
  long long deadline = 0;
  for (;;) {
    int none_left = reap();
    if (terminating) {
      if (none_left) finish(child_status);
      if (now_ms() >= deadline) {
        kill_descendants();
        /* Killed processes end at once; a process this user may not kill (setuid) is not waited for long. */
        for (int i = 0; i < 400 && !reap(); i++) pause_ms(5);
        if (!child_exited) _exit(128 + SIGKILL);
        finish(child_status);
      }
    } else if (child_exited) {
      /* A stop that raced with the command's own end still counts as a stop: look at what is pending first. */
      siginfo_t info;
      struct timespec zero = {0, 0};
      int sig;
      while ((sig = sigtimedwait(&all, &info, &zero)) > 0 && !is_stop_request(sig, &info)) {
      }
      if (sig <= 0) finish(child_status);
      terminating = 1;
      deadline = now_ms() + grace_ms;
      signal_descendants(SIGTERM);
      continue;
    }

    siginfo_t info;
    int sig;
    if (terminating) {
      long long left = deadline - now_ms();
      long wait = left < 20 ? (left < 0 ? 0 : (long)left) : 20;
      struct timespec timeout = {.tv_sec = 0, .tv_nsec = wait * 1000000L};
      sig = sigtimedwait(&all, &info, &timeout);
    } else {
      sig = sigwaitinfo(&all, &info);
    }
    if (sig > 0 && !terminating && is_stop_request(sig, &info)) {
      terminating = 1;
      deadline = now_ms() + grace_ms;
      signal_descendants(SIGTERM);
    }
  }
}
