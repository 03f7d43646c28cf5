import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestContext } from 'node:test';
import { databaseEnv } from './postgres.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningDaemon {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** How the daemon is started: its sources through tsx (default), or node arguments such as a bundle's path. */
const fromSources = ['--import', 'tsx', 'daemon/src/server.ts'];

/** Starts the real daemon as a separate process (sources through tsx) on a free port; killed when the test ends. */
export async function startDaemon(
  t: TestContext,
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = fromSources,
): Promise<RunningDaemon> {
  const database = await databaseEnv(dataDir);
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: { ...process.env, BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0', BAIHU_HOST: '127.0.0.1', ...database, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    // The line the daemon logs once its app serves the port it opened first (server.ts, app/door.ts).
    const match = /Baihu (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
    if (match) {
      // The start work follows (app/start.ts: runs recovered, timers armed); any route but the health check answers
      // after it, so a test reads the recovered state. Any answer will do (a redirect, a 401).
      const base = (env.BAIHU_BASE_URL ?? '/').replace(/^\/*/, '/').replace(/\/*$/, '/');
      await fetch(`${match[1]}${base}api/system`, { redirect: 'manual' });
      return { child, url: match[1]!, output: () => output };
    }
    if (child.exitCode !== null) throw new Error(`daemon exited early: ${output}`);
    if (Date.now() > deadline) throw new Error(`daemon did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Bundles the daemon as production runs it (scripts/build-daemon.mjs) into a private folder of the checkout, removed
 * when the test ends; returns the node arguments that start it (half the start-up time of the sources via tsx).
 */
export function buildDaemonBundle(t: TestContext): string[] {
  const outdir = path.join('.tmp', `test-bundle-${process.pid}-${Date.now()}`);
  t.after(() => rmSync(path.join(root, outdir), { recursive: true, force: true }));
  execFileSync(process.execPath, ['scripts/build-daemon.mjs', '--outdir', outdir], { cwd: root, stdio: 'pipe' });
  return ['--max-semi-space-size=1', path.join(root, outdir, 'server.mjs')];
}

/** Starts the real daemon and waits for it to exit (for a daemon expected to refuse to start); killed after 30 s. */
export async function daemonExit(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const database = await databaseEnv(dataDir);
  const child = spawn(process.execPath, fromSources, {
    cwd: root,
    env: { ...process.env, BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0', BAIHU_HOST: '127.0.0.1', ...database, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, output };
}

/** JSON call against a running daemon. */
export async function http(
  base: string,
  method: string,
  url: string,
  options: { token?: string; payload?: unknown } = {},
): Promise<{ status: number; body: { code: number; data?: unknown; message?: string } }> {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.payload === undefined ? null : JSON.stringify(options.payload),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data?: unknown; message?: string } };
}
