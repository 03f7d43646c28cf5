/**
 * What one pull does, as the steps of a job: sub_before → git pull or download → sync files and tasks → sub_after.
 * Secrets are masked in every line written here (the kernel applies the mask); the hooks are the user's own shell,
 * run through the executor.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import { PullType, RunEnd, SubscriptionType } from '../../contract/enums.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import type { ConfigValues } from '../../jobs/executor/config-sh.ts';
import { logLines } from '../../jobs/executor/log-format.ts';
import { dateTimeText } from '../../time/wall-clock.ts';
import type { JobControl, StepsEnd } from '../../jobs/types.ts';
import type { DataPaths } from '../../config/paths.ts';
import { fileNameOfUrl } from './alias.ts';
import { gitEnvironment, pullRepository, writePrivateKey, type GitAuth } from './git.ts';
import { compilePathPattern, defaultExtensions, extensionList, selectFiles } from './patterns.ts';
import { downloadRaw } from './raw.ts';
import { pullOptionOf } from './serialize.ts';
import { listFiles } from './sync.ts';
import type { SyncSummary, TaskSync } from './task-sync.ts';

export interface PullStepsOptions {
  paths: DataPaths;
  clock: Clock;
  sync: TaskSync;
  configValues: (names: readonly string[]) => Promise<ConfigValues>;
  /** Records the pid of the hook that runs now on the subscription's row. */
  hookStarted: (subId: number, pid: number | null) => Promise<void>;
  /** Hooks (sub_before / sub_after) are stopped after this long (default 10 minutes). */
  hookTimeoutMs?: number;
}

/** The steps of one pull of `row`; secrets in the lines are masked by the job, in the message by `mask`. */
export async function pullSteps(
  o: PullStepsOptions,
  row: SubscriptionRow,
  job: JobControl,
  mask: (text: string) => string,
): Promise<StepsEnd> {
  const lines = logLines[job.language];
  job.line(lines.start(dateTimeText(job.startedAt, job.zone), row.url));
  let end: StepsEnd['end'] = RunEnd.success;
  let message: string | null = null;
  let summary: SyncSummary | null = null;
  const stopped = () => {
    if (job.signal.aborted) throw new Error('stopped');
  };
  try {
    if (row.sub_before) await hook(o, row, row.sub_before, 'sub_before', job);
    stopped();
    summary = await pullAndSync(o, row, job);
    stopped();
    if (row.sub_after) await hook(o, row, row.sub_after, 'sub_after', job);
  } catch (error) {
    end = job.signal.aborted ? RunEnd.stopped : RunEnd.failed;
    message = mask((error as Error).message);
    job.line(end === RunEnd.stopped ? 'Stopped.' : `Error: ${message}`);
  }
  const finishedAt = o.clock.now();
  const exitCode = end === RunEnd.success ? 0 : 1;
  const outcome = { end, exitCode, startedAt: job.startedAt, finishedAt, durationMs: finishedAt - job.startedAt };
  job.line(lines.end(dateTimeText(finishedAt, job.zone), { outcome, signal: null, timeoutMs: null }));
  return { end, exitCode, message, detail: { added: summary?.added.length ?? 0, removed: summary?.deleted ?? 0 } };
}

/** sub_before / sub_after: `bash -c` through the executor, output into the log; a failure is noted, not fatal. */
async function hook(o: PullStepsOptions, row: SubscriptionRow, script: string, label: string, job: JobControl) {
  job.line(`## ${label}`);
  const cwd = row.type === SubscriptionType.file ? o.paths.scripts : path.join(o.paths.repo, row.alias);
  await mkdir(cwd, { recursive: true });
  const done = job.exec({
    argv: ['bash', '-c', script],
    cwd,
    env: gitEnvironment({ kind: 'none' }, row.proxy),
    timeoutMs: o.hookTimeoutMs ?? 10 * 60_000,
  });
  await o.hookStarted(row.id, job.process()?.pid || null);
  const outcome = await done;
  if (outcome.end !== RunEnd.success) job.line(`${label}: ${outcome.end}, exit code ${String(outcome.exitCode)}`);
}

async function pullAndSync(o: PullStepsOptions, row: SubscriptionRow, job: JobControl): Promise<SyncSummary> {
  const option = pullOptionOf(row);
  const config = await o.configValues(['RepoFileExtensions', 'DefaultCronRule', 'ProxyUrl']);
  const defaultRule = config.DefaultCronRule ?? null;
  if (row.type === SubscriptionType.file) {
    const fileName = fileNameOfUrl(row.url);
    const rawFile = path.join(o.paths.raw, `${row.alias}${path.extname(fileName)}`);
    const basic =
      row.pull_type === PullType.userPwd && option?.username
        ? { username: option.username, password: option.password ?? '' }
        : null;
    job.line(`Downloading ${row.url}`);
    const proxy = row.proxy || config.ProxyUrl || null;
    if (proxy) job.line('Downloading through the proxy.');
    const size = await downloadRaw({ url: row.url, target: rawFile, signal: job.signal, basic, proxy });
    job.line(`Downloaded ${size} bytes.`);
    return o.sync.apply(
      row,
      { source: null, extra: { [fileName]: rawFile }, scripts: [fileName], dependencies: [] },
      {
        defaultRule,
        line: job.line,
      },
    );
  }
  const dir = path.join(o.paths.repo, row.alias);
  job.line(`Pulling ${row.branch ? `branch ${row.branch}` : 'the default branch'}`);
  const { commit, cloned } = await pullRepository({
    environment: job.inherited,
    url: row.url,
    branch: row.branch,
    dir,
    proxy: row.proxy,
    auth: await authOf(o.paths, row),
    log: job.write,
    signal: job.signal,
  });
  job.line(`${cloned ? 'Cloned' : 'Updated'} to ${commit.slice(0, 12)}.`);
  const rules = {
    extensions: extensionList(row.extensions ?? config.RepoFileExtensions ?? defaultExtensions),
    whitelist: compilePathPattern(row.whitelist),
    blacklist: compilePathPattern(row.blacklist),
    dependences: compilePathPattern(row.dependences),
  };
  if (rules.extensions.length === 0) rules.extensions = extensionList(defaultExtensions);
  const started = performance.now();
  const selection = selectFiles(await listFiles(dir), rules);
  return o.sync.apply(
    row,
    { source: dir, extra: {}, scripts: selection.scripts, dependencies: selection.dependencies },
    { defaultRule, line: job.line, started },
  );
}

async function authOf(paths: DataPaths, row: SubscriptionRow): Promise<GitAuth> {
  if (row.type !== SubscriptionType.privateRepo) return { kind: 'none' };
  const option = pullOptionOf(row);
  if (row.pull_type === PullType.sshKey && option?.private_key) {
    const keyFile = path.join(paths['ssh.d'], row.alias);
    await writePrivateKey(keyFile, option.private_key);
    return { kind: 'ssh', keyFile, knownHosts: path.join(paths['ssh.d'], 'known_hosts') };
  }
  if (row.pull_type === PullType.userPwd && option?.username) {
    return { kind: 'basic', username: option.username, password: option.password ?? '' };
  }
  return { kind: 'none' };
}
