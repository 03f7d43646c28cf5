/*
 * baihu-spawner: starts the daemon's run processes so that the daemon does not fork itself for each run.
 *
 * libuv forks the whole daemon (its page tables: 100–200 MB) synchronously on the JavaScript thread for every
 * child_process.spawn; this process is a few hundred KB, so its fork costs a fraction of that, and it happens off the
 * daemon's thread. The daemon (daemon/src/jobs/executor/spawner.ts) starts it once, with a pipe on stdin and one on
 * stdout: nobody else can reach it. It execs argv as given (never a shell string), relays each process's output and
 * exit status framed by the daemon's id for it, and sends it signals on request. Being their parent, it is the
 * sender the run reaper (reaper.c) obeys.
 *
 * Frames, both ways: u32 length of what follows, u8 type, u32 id, body (integers little-endian).
 *   to it:   1 start   u32 argc, u32 envc, then NUL-terminated strings: cwd, argv[argc], env[envc] ("NAME=value")
 *            2 signal  u32 signal number; sent only while the process has not been reaped (its pid is still its own)
 *            3 reaped  u32 grace ms, then as start: argv runs behind the run reaper (reaper-core.c), which the forked
 *                      process runs itself, as `baihu-reaper GRACE argv...` would after an exec
 *   from it: 1 started i32 pid, or -errno when it could not start (cwd or program missing...)
 *            2 output  u8 stream (1 stdout, 2 stderr), the bytes
 *            3 exit    i32 exit code (-1 when killed), i32 signal number (0 when none); sent once the output is
 *                      drained: both pipes closed, or DRAIN_MS after the exit (a background child may hold them open)
 *
 * Each process gets its own session and process group (setsid, as `detached: true`), stdin /dev/null, default signal
 * dispositions and an empty signal mask. A process that runs the reaper's code (request 3) shows its run's marker in
 * /proc/<pid>/environ (see show_marker). When the daemon goes away (stdin closes) this process exits and leaves the
 * runs' processes alone: the daemon's crash recovery finds them by their marker, as it does without this process.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "reaper-core.h"

extern char **environ;

#define DRAIN_MS 200
#define CHUNK 65536
#define MAX_FRAME (64u << 20)

enum { REQ_START = 1, REQ_SIGNAL = 2, REQ_REAPED = 3, EV_STARTED = 1, EV_OUTPUT = 2, EV_EXIT = 3 };

struct run {
  uint32_t id;
  pid_t pid;
  int fd[2]; /* stdout, stderr read ends; -1 once closed */
  int exited;
  int status;
  long long drain_until;
};

static struct run *runs;
static size_t run_count, run_capacity;
static int sigchld_pipe[2];
static int devnull;
static char chunk[CHUNK];

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void put32(unsigned char *at, uint32_t value) {
  for (int i = 0; i < 4; i++) at[i] = (unsigned char)(value >> (8 * i));
}

static uint32_t get32(const unsigned char *at) {
  return (uint32_t)at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16 | (uint32_t)at[3] << 24;
}

/* Writes a whole frame to the daemon; the daemon gone means this process is done. */
static void send_frame(uint8_t type, uint32_t id, const void *head, size_t head_len, const void *body, size_t len) {
  unsigned char header[9];
  put32(header, (uint32_t)(5 + head_len + len));
  header[4] = type;
  put32(header + 5, id);
  struct iovec parts[3] = {{header, 9}, {(void *)head, head_len}, {(void *)body, len}};
  struct iovec *at = parts;
  int count = 3;
  while (count > 0) {
    ssize_t n = writev(1, at, count);
    if (n < 0) {
      if (errno == EINTR) continue;
      _exit(0);
    }
    while (count > 0 && (size_t)n >= at->iov_len) {
      n -= (ssize_t)at->iov_len;
      at++;
      count--;
    }
    if (count > 0) {
      at->iov_base = (char *)at->iov_base + n;
      at->iov_len -= (size_t)n;
    }
  }
}

static void send_int(uint8_t type, uint32_t id, int32_t a, int32_t b, int two) {
  unsigned char body[8];
  put32(body, (uint32_t)a);
  put32(body + 4, (uint32_t)b);
  send_frame(type, id, body, two ? 8 : 4, NULL, 0);
}

static void on_sigchld(int sig) {
  (void)sig;
  int saved = errno;
  (void)!write(sigchld_pipe[1], "", 1);
  errno = saved;
}

/* execve with PATH looked up in the process's own environment (as libuv and execvp do). */
static void exec_program(char **argv, char **env) {
  if (strchr(argv[0], '/')) {
    execve(argv[0], argv, env);
    return;
  }
  const char *path = "/usr/local/bin:/usr/bin:/bin";
  for (char **e = env; *e; e++)
    if (strncmp(*e, "PATH=", 5) == 0) path = *e + 5;
  int denied = 0;
  char file[4096];
  for (const char *dir = path;; dir++) {
    const char *end = strchrnul(dir, ':');
    size_t len = (size_t)(end - dir);
    if (len + strlen(argv[0]) + 2 <= sizeof file) {
      if (len == 0) file[len++] = '.';
      else memcpy(file, dir, len);
      file[len] = '/';
      strcpy(file + len + 1, argv[0]);
      execve(file, argv, env);
      if (errno == EACCES) denied = 1;
    }
    if (*end == '\0') break;
    dir = end;
  }
  errno = denied ? EACCES : ENOENT;
}

/*
 * This process's own environment string BAIHU_SPAWNER_SLOT=xxx… (the daemon starts it with one): the bytes
 * /proc/<pid>/environ shows. A process forked to run the reaper's code writes its run's marker (BAIHU_RUN_ID=…) over
 * its copy, so crash recovery finds that reaper by the marker, as it finds a reaper that was exec'd with the run's
 * environment, and kills it with the processes it adopted.
 */
static char *env_slot;
static size_t env_slot_size;
static const char slot_name[] = "BAIHU_SPAWNER_SLOT=";
static const char marker_name[] = "BAIHU_RUN_ID=";

static void find_env_slot(void) {
  for (char **e = environ; *e; e++) {
    if (strncmp(*e, slot_name, sizeof slot_name - 1) == 0) {
      env_slot = *e;
      env_slot_size = strlen(*e) + 1;
    }
  }
}

static void show_marker(char **env) {
  if (!env_slot) return;
  memset(env_slot, 0, env_slot_size);
  for (char **e = env; *e; e++) {
    size_t len = strlen(*e);
    if (strncmp(*e, marker_name, sizeof marker_name - 1) == 0 && len < env_slot_size) memcpy(env_slot, *e, len);
  }
}

/* Closes every descriptor from 3 up (this process's pipes, other runs' ends): nothing is exec'd to close them. */
static void close_from_3(void) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, 3, ~0u, 0) == 0) return;
#endif
  long max = sysconf(_SC_OPEN_MAX);
  for (long fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++) close((int)fd);
}

/*
 * The child's side of fork: its own session, pipes on stdout/stderr, default signals; reports errno on failure.
 * grace_ms >= 0: runs argv behind the run reaper itself, without an exec.
 */
static void child(const char *cwd, char **argv, char **env, int out, int err, int report, long grace_ms) {
  setsid();
  dup2(devnull, 0);
  dup2(out, 1);
  dup2(err, 2);
  struct sigaction dfl = {.sa_handler = SIG_DFL};
  for (int sig = 1; sig < NSIG; sig++) sigaction(sig, &dfl, NULL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  if (chdir(cwd) == 0) {
    if (grace_ms < 0) exec_program(argv, env);
    else {
      /* Marker and name first: the daemon learns the pid when the report pipe closes, and from then on crash
       * recovery must find the run's marker in /proc/<pid>/environ, and ps and top the reaper's name. */
      show_marker(env);
      prctl(PR_SET_NAME, "baihu-reaper", 0, 0, 0);
      /* Started: the report pipe closes here, as an exec closes it. */
      close_from_3();
      reaper_run(grace_ms, argv, env);
    }
  }
  int error = errno;
  (void)!write(report, &error, sizeof error);
  _exit(127);
}

static void start(uint32_t id, const unsigned char *body, size_t len, int reaped) {
  long grace_ms = -1;
  if (reaped) {
    if (len < 4) return send_int(EV_STARTED, id, -EINVAL, 0, 0);
    grace_ms = (long)get32(body);
    body += 4;
    len -= 4;
  }
  if (len < 8) return send_int(EV_STARTED, id, -EINVAL, 0, 0);
  uint32_t argc = get32(body), envc = get32(body + 4);
  size_t total = 1 + (size_t)argc + envc;
  if (argc == 0 || argc > len || envc > len) return send_int(EV_STARTED, id, -EINVAL, 0, 0);
  char **strings = calloc(total + 2, sizeof *strings);
  if (!strings) return send_int(EV_STARTED, id, -ENOMEM, 0, 0);
  /* The strings lie in the request buffer, NUL-terminated; the last one must end inside it. */
  char *at = (char *)body + 8, *end = (char *)body + len;
  for (size_t i = 0; i < total; i++) {
    char *nul = memchr(at, '\0', (size_t)(end - at));
    if (!nul) {
      free(strings);
      return send_int(EV_STARTED, id, -EINVAL, 0, 0);
    }
    strings[i + (i > argc ? 1 : 0)] = at;
    at = nul + 1;
  }
  char *cwd = strings[0], **argv = strings + 1, **env = strings + argc + 2;
  /* strings: cwd, argv..., NULL, env..., NULL */
  int out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
  if (pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0 || pipe2(report, O_CLOEXEC) < 0) {
    int error = errno;
    for (int i = 0; i < 2; i++) {
      if (out[i] >= 0) close(out[i]);
      if (err[i] >= 0) close(err[i]);
      if (report[i] >= 0) close(report[i]);
    }
    free(strings);
    return send_int(EV_STARTED, id, -error, 0, 0);
  }
  pid_t pid = fork();
  if (pid == 0) child(cwd, argv, env, out[1], err[1], report[1], grace_ms);
  int error = pid < 0 ? errno : 0;
  free(strings);
  close(out[1]);
  close(err[1]);
  close(report[1]);
  if (pid > 0) {
    ssize_t n;
    do n = read(report[0], &error, sizeof error);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof error) error = 0;
    else waitpid(pid, NULL, 0);
  }
  close(report[0]);
  if (error != 0) {
    close(out[0]);
    close(err[0]);
    return send_int(EV_STARTED, id, -error, 0, 0);
  }
  fcntl(out[0], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  if (run_count == run_capacity) {
    size_t capacity = run_capacity ? run_capacity * 2 : 32;
    struct run *grown = realloc(runs, capacity * sizeof *runs);
    if (!grown) abort();
    runs = grown;
    run_capacity = capacity;
  }
  runs[run_count++] = (struct run){.id = id, .pid = pid, .fd = {out[0], err[0]}};
  send_int(EV_STARTED, id, pid, 0, 0);
}

static void signal_run(uint32_t id, const unsigned char *body, size_t len) {
  if (len < 4) return;
  for (size_t i = 0; i < run_count; i++)
    if (runs[i].id == id && !runs[i].exited) kill(runs[i].pid, (int)get32(body));
}

static void reap(void) {
  char drain[64];
  while (read(sigchld_pipe[0], drain, sizeof drain) > 0) {
  }
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    for (size_t i = 0; i < run_count; i++) {
      if (runs[i].pid == pid && !runs[i].exited) {
        runs[i].exited = 1;
        runs[i].status = status;
        runs[i].drain_until = now_ms() + DRAIN_MS;
      }
    }
  }
}

static void read_output(struct run *run, int stream) {
  ssize_t n = read(run->fd[stream], chunk, sizeof chunk);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (n <= 0) {
    close(run->fd[stream]);
    run->fd[stream] = -1;
    return;
  }
  unsigned char which = (unsigned char)(stream + 1);
  send_frame(EV_OUTPUT, run->id, &which, 1, chunk, (size_t)n);
}

/* Runs whose process exited and whose output is drained are reported and forgotten. */
static void finish_runs(void) {
  long long now = now_ms();
  size_t kept = 0;
  for (size_t i = 0; i < run_count; i++) {
    struct run *run = &runs[i];
    if (run->exited && ((run->fd[0] < 0 && run->fd[1] < 0) || now >= run->drain_until)) {
      for (int s = 0; s < 2; s++)
        if (run->fd[s] >= 0) close(run->fd[s]);
      int killed = WIFSIGNALED(run->status);
      send_int(EV_EXIT, run->id, killed ? -1 : WEXITSTATUS(run->status), killed ? WTERMSIG(run->status) : 0, 1);
      continue;
    }
    runs[kept++] = *run;
  }
  run_count = kept;
}

static unsigned char *request;
static size_t request_len, request_capacity;

/* Reads what the daemon sent and handles every whole frame; returns 0 once stdin is closed. */
static int read_requests(void) {
  if (request_capacity - request_len < CHUNK) {
    size_t capacity = request_capacity ? request_capacity * 2 : 4 * CHUNK;
    unsigned char *grown = realloc(request, capacity);
    if (!grown) abort();
    request = grown;
    request_capacity = capacity;
  }
  ssize_t n = read(0, request + request_len, request_capacity - request_len);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return 0;
  request_len += (size_t)n;
  size_t at = 0;
  while (request_len - at >= 4) {
    uint32_t len = get32(request + at);
    if (len < 5 || len > MAX_FRAME) return 0; /* not the daemon speaking: stop */
    if (request_len - at - 4 < len) {
      if (request_capacity < (size_t)len + 4) {
        unsigned char *grown = realloc(request, (size_t)len + 4 + CHUNK);
        if (!grown) abort();
        request = grown;
        request_capacity = (size_t)len + 4 + CHUNK;
      }
      break;
    }
    const unsigned char *frame = request + at + 4;
    uint32_t id = get32(frame + 1);
    if (frame[0] == REQ_START || frame[0] == REQ_REAPED) start(id, frame + 5, len - 5, frame[0] == REQ_REAPED);
    else if (frame[0] == REQ_SIGNAL) signal_run(id, frame + 5, len - 5);
    at += 4 + len;
  }
  memmove(request, request + at, request_len - at);
  request_len -= at;
  return 1;
}

int main(void) {
  /* A closed stderr would let a pipe take fd 2, and dup2 onto itself would keep its close-on-exec flag. */
  if (fcntl(2, F_GETFD) < 0) open("/dev/null", O_WRONLY);
  devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (devnull < 0 || pipe2(sigchld_pipe, O_CLOEXEC | O_NONBLOCK) < 0) return 1;
  find_env_slot();
  struct sigaction ignore = {.sa_handler = SIG_IGN};
  /* Ctrl-C in the daemon's terminal reaches its process group: the daemon stops the runs, then closes stdin. */
  int ignored[] = {SIGPIPE, SIGINT, SIGQUIT, SIGHUP, SIGTERM};
  for (size_t i = 0; i < sizeof ignored / sizeof *ignored; i++) sigaction(ignored[i], &ignore, NULL);
  struct sigaction chld = {.sa_handler = on_sigchld, .sa_flags = SA_RESTART | SA_NOCLDSTOP};
  sigaction(SIGCHLD, &chld, NULL);

  struct pollfd *fds = NULL;
  size_t fds_capacity = 0;
  for (;;) {
    size_t needed = 2 + 2 * run_count;
    if (fds_capacity < needed) {
      fds_capacity = needed * 2;
      fds = realloc(fds, fds_capacity * sizeof *fds);
      if (!fds) abort();
    }
    fds[0] = (struct pollfd){.fd = 0, .events = POLLIN};
    fds[1] = (struct pollfd){.fd = sigchld_pipe[0], .events = POLLIN};
    long long wake = -1;
    for (size_t i = 0; i < run_count; i++) {
      for (int s = 0; s < 2; s++) fds[2 + 2 * i + s] = (struct pollfd){.fd = runs[i].fd[s], .events = POLLIN};
      if (runs[i].exited && (wake < 0 || runs[i].drain_until < wake)) wake = runs[i].drain_until;
    }
    int timeout = wake < 0 ? -1 : (int)(wake > now_ms() ? wake - now_ms() : 0);
    if (poll(fds, needed, timeout) < 0 && errno != EINTR) return 1;
    if (fds[1].revents) reap();
    /* Output before exits, so a run's last bytes go out before its exit frame. */
    size_t count = run_count;
    for (size_t i = 0; i < count; i++)
      for (int s = 0; s < 2; s++)
        if (fds[2 + 2 * i + s].revents && runs[i].fd[s] >= 0) read_output(&runs[i], s);
    finish_runs();
    if (fds[0].revents && !read_requests()) return 0;
  }
}
