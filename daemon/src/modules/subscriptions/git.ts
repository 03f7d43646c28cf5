/**
 * Pulls a repository with simple-git: cloned once (shallow, into a temp folder renamed into place, so a failed first
 * clone leaves nothing), then fetched and reset. simple-git spawns `git` itself (accepted by the architecture); its
 * environment is built here explicitly and secrets never go into argv:
 * - username + password/token: an `Authorization: Basic …` http.extraHeader through GIT_CONFIG_COUNT/KEY/VALUE;
 * - private key: data/ssh.d/<alias> (mode 600) through GIT_SSH_COMMAND, never the user's ssh config;
 * - proxy: http_proxy / https_proxy.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import type { SimpleGit } from 'simple-git';
import type * as SimpleGitModule from 'simple-git';

export type GitAuth =
  | { kind: 'none' }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'ssh'; keyFile: string; knownHosts: string };

export interface RepoPull {
  /** The variables git inherits of the daemon's environment. */
  environment: Record<string, string>;
  url: string;
  branch: string | null;
  /** data/repo/<alias>. */
  dir: string;
  proxy: string | null;
  auth: GitAuth;
  /** Receives git's progress and messages, already masked by the caller's `log`. */
  log: (text: string) => void;
  signal: AbortSignal;
  /** Kill git after this long without output. */
  idleTimeoutMs?: number;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The environment of every git process of a pull: `inherited` (what runs may inherit of the daemon's), then git's. */
export function gitEnvironment(
  auth: GitAuth,
  proxy: string | null,
  inherited: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = { ...inherited, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  if (proxy) Object.assign(env, { http_proxy: proxy, https_proxy: proxy, HTTP_PROXY: proxy, HTTPS_PROXY: proxy });
  if (auth.kind === 'basic') {
    const token = Buffer.from(`${auth.username}:${auth.password}`).toString('base64');
    Object.assign(env, {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.extraHeader',
      GIT_CONFIG_VALUE_0: `Authorization: Basic ${token}`,
    });
  } else if (auth.kind === 'ssh') {
    env.GIT_SSH_COMMAND = [
      'ssh',
      `-i ${quote(auth.keyFile)}`,
      '-o IdentitiesOnly=yes',
      '-o BatchMode=yes',
      '-o StrictHostKeyChecking=accept-new',
      `-o UserKnownHostsFile=${quote(auth.knownHosts)}`,
    ].join(' ');
  }
  return env;
}

/** Writes a private key for ssh (mode 600, with the final newline ssh insists on). */
export async function writePrivateKey(file: string, key: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const text = key.replace(/\r\n/g, '\n').trim() + '\n';
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600);
}

/** simple-git (and its dependencies) is loaded on the first pull: most panels pull seldom or never. */
let simpleGitModule: Promise<typeof SimpleGitModule> | null = null;

async function gitIn(baseDir: string, o: RepoPull): Promise<SimpleGit> {
  const env = gitEnvironment(o.auth, o.proxy, o.environment);
  const { simpleGit } = await (simpleGitModule ??= import('simple-git'));
  return simpleGit({
    baseDir,
    abort: o.signal,
    timeout: { block: o.idleTimeoutMs ?? 5 * 60_000 },
    allowEnvironment: Object.keys(env).filter((k) => k.startsWith('GIT_') || k === 'LC_ALL'),
    unsafe: { allowUnsafeConfigEnvCount: true, allowUnsafeSshCommand: true },
  })
    .env(env)
    .outputHandler((_command, _stdout, stderr, args) => {
      o.log(`$ git ${args.join(' ')}\n`);
      stderr.on('data', (chunk: Buffer) => o.log(chunk.toString('utf8')));
    });
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** A clear message for a failed git command (the caller masks it). */
function gitFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/Authentication failed|could not read (Username|Password)|terminal prompts disabled|\b40[13]\b/i.test(text)) {
    return 'Authentication failed: the server refused the username and password/token. Check them in the subscription.';
  }
  if (/Permission denied \(publickey|Host key verification failed/i.test(text)) {
    return 'Authentication failed: the server refused the private key. Check the key in the subscription.';
  }
  if (/Remote branch .* not found|couldn't find remote ref/i.test(text)) {
    return 'The branch does not exist in the repository.';
  }
  const last = text.trim().split('\n').filter(Boolean).at(-1) ?? 'unknown error';
  return `git failed: ${last.slice(0, 500)}`;
}

/** Clone once, then fetch + reset; returns the commit now checked out. Throws with gitFailure's message. */
export async function pullRepository(o: RepoPull): Promise<{ commit: string; cloned: boolean }> {
  const branch = o.branch?.trim() || null;
  const cloned = !(await exists(path.join(o.dir, '.git')));
  try {
    if (cloned) {
      await mkdir(path.dirname(o.dir), { recursive: true });
      const temp = `${o.dir}.partial-${randomBytes(4).toString('hex')}`;
      try {
        const options = ['--depth', '1', '--no-tags', ...(branch ? ['--branch', branch] : [])];
        await (await gitIn(path.dirname(o.dir), o)).clone(o.url, temp, options);
        await rm(o.dir, { recursive: true, force: true });
        await rename(temp, o.dir);
      } finally {
        await rm(temp, { recursive: true, force: true });
      }
    } else {
      const git = await gitIn(o.dir, o);
      await git.remote(['set-url', 'origin', o.url]);
      if (branch) {
        await git.fetch(['--depth', '1', '--no-tags', 'origin', `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
        await git.raw(['checkout', '-q', '-f', '-B', branch, `refs/remotes/origin/${branch}`]);
        await git.raw(['reset', '-q', '--hard', `refs/remotes/origin/${branch}`]);
      } else {
        await git.fetch(['--depth', '1', '--no-tags', 'origin', 'HEAD']);
        await git.raw(['reset', '-q', '--hard', 'FETCH_HEAD']);
      }
      await git.raw(['clean', '-q', '-ffdx']);
    }
    const commit = (await (await gitIn(o.dir, o)).revparse(['HEAD'])).trim();
    return { commit, cloned };
  } catch (error) {
    if (o.signal.aborted) throw new Error('stopped');
    throw new Error(gitFailure(error), { cause: error });
  }
}
