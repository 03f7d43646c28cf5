/**
 * An installation as the image has it, on the host: a release of this checkout unpacked into a temp folder (the
 * "image", with its own docker/entrypoint.sh and the checkout's node_modules), run by its entrypoint on a free port,
 * and a client for its API.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import * as tar from 'tar';
import { unpackRelease } from '../../daemon/src/modules/update/unpack.ts';
import { freePort, repo, runEntrypoint, type EntrypointRun } from './entrypoint.ts';
import { panelClient } from './panel-client.ts';
import { buildRelease, sha256, type BuiltRelease } from './releases.ts';

export interface Installation {
  appDir: string;
  dataDir: string;
  port: number;
  url: string;
  run: EntrypointRun;
  /** GET/PUT/DELETE on the API with the session of the account the installation was set up with. */
  api<T = unknown>(method: string, route: string, body?: unknown): Promise<{ status: number; code: number; data: T }>;
  health(): Promise<{ version: string; uptime: number } | null>;
  stop(): Promise<number | null>;
}

/** Unpacks `release` as the image's own folder, with this checkout's node_modules and run reaper. */
export async function imageFrom(t: TestContext, release: BuiltRelease): Promise<string> {
  const appDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'baihu-image-')), 'baihu');
  t.after(() => rmSync(path.dirname(appDir), { recursive: true, force: true }));
  await unpackRelease(release.tarball, appDir, release.version);
  symlinkSync(path.join(repo, 'node_modules'), path.join(appDir, 'node_modules'));
  const reaper = path.join(repo, 'daemon', 'native', 'baihu-reaper');
  if (existsSync(reaper)) cpSync(reaper, path.join(appDir, 'daemon', 'native', 'baihu-reaper'));
  return appDir;
}

/** Starts the image's entrypoint on a new data folder and creates the account. */
export async function install(t: TestContext, appDir: string, env: Record<string, string> = {}): Promise<Installation> {
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'baihu-installed-')), 'data');
  t.after(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const run = runEntrypoint(
    t,
    {
      BAIHU_APP_DIR: appDir,
      BAIHU_DATA_DIR: dataDir,
      BAIHU_PORT: String(port),
      BAIHU_HOST: '127.0.0.1',
      BAIHU_LOG_LEVEL: 'info',
      ...env,
    },
    path.join(appDir, 'docker', 'entrypoint.sh'),
  );
  const client = panelClient(url);
  await client.healthy(60_000, () => run.child.exitCode === null, run.output);
  await client.setUp();
  return {
    appDir,
    dataDir,
    port,
    url,
    run,
    api: client.api,
    health: client.health,
    async stop() {
      if (run.child.exitCode !== null) return run.child.exitCode;
      run.child.kill('SIGTERM');
      return (await run.exited).code;
    },
  };
}

/** Waits until the installation answers with `version` from a daemon started after `since` (ms). */
export async function answersWith(installation: Installation, version: string, since: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await installation.health();
    if (found && found.version === version && found.uptime * 1000 <= Date.now() - since) return found;
    if (Date.now() > deadline) throw new Error(`version ${version} did not answer:\n${installation.run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A release of this checkout with `version` whose daemon never answers (its server only waits): what a broken
 * release looks like to the entrypoint.
 */
export function hangingRelease(t: TestContext, version: string): Promise<BuiltRelease> {
  return releaseWithServer(t, version, 'setInterval(() => {}, 1000);\n');
}

/** A release of this checkout with `version` whose daemon bundle (daemon/dist/server.mjs) is `source`. */
export async function releaseWithServer(t: TestContext, version: string, source: string): Promise<BuiltRelease> {
  const built = buildRelease(t, version);
  const tree = path.join(built.dir, 'tree');
  mkdirSync(tree);
  await tar.x({ file: built.tarball, cwd: tree });
  writeFileSync(path.join(tree, 'daemon', 'dist', 'server.mjs'), source);
  rmSync(built.tarball);
  await tar.c({ gzip: true, file: built.tarball, cwd: tree, portable: true }, readdirSync(tree).sort());
  return { ...built, sha256: sha256(readFileSync(built.tarball)) };
}
