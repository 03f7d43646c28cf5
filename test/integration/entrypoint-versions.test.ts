/**
 * The entrypoint's choice of version (docker/select-version.mjs) and the trial of a newly staged one, with stand-in
 * daemons: a small HTTP server that answers the health check with the version of the folder it was started in, or
 * hangs, or exits, as a file in that folder says. The real daemon's update end to end is in update-flow.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { test, type TestContext } from 'node:test';
import { freePort, healthcheck, readText, repo, runEntrypoint, until } from '../helpers/entrypoint.ts';

const imageVersion = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;

/** Answers GET …/api/health like the daemon, with ./package.json's version, unless ./fake-behaviour says otherwise. */
const fakeDaemon = `
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
const behaviour = existsSync('fake-behaviour') ? readFileSync('fake-behaviour', 'utf8').trim() : 'healthy';
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
appendFileSync(process.env.STARTS, version + ' ' + behaviour + '\\n');
if (behaviour === 'exit') process.exit(4);
if (behaviour === 'hang') setInterval(() => {}, 1000);
else {
  // 'healthy' answers as a version before the health check's \`ready\` did; 'loading' as one that never gets ready.
  const ready = behaviour === 'loading' ? { ready: false } : {};
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 200, data: { status: 'ok', uptime: 1, version, ...ready } }));
  });
  server.listen(Number(process.env.BAIHU_PORT), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
`;

interface Setup {
  dataDir: string;
  starts: string;
  env: Record<string, string>;
  stage(version: string, behaviour: 'healthy' | 'hang' | 'loading' | 'exit', marks?: string[]): void;
  state(value: { active: string | null; previous: string | null }): void;
  readJson(name: string): Record<string, unknown> | null;
  healthy(version: string): boolean;
}

async function setup(t: TestContext): Promise<Setup> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-versions-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, 'data');
  const update = path.join(dataDir, 'update');
  const script = path.join(dir, 'fake-daemon.mjs');
  writeFileSync(script, fakeDaemon);
  const starts = path.join(dir, 'starts');
  const port = String(await freePort());
  const env = {
    BAIHU_DATA_DIR: dataDir,
    BAIHU_PORT: port,
    BAIHU_DAEMON_CMD: `node ${script}`,
    BAIHU_UPDATE_START_TIMEOUT: '3',
    STARTS: starts,
  };
  return {
    dataDir,
    starts,
    env,
    stage(version, behaviour, marks = ['.ready']) {
      const folder = path.join(update, 'versions', version);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'baihu', version }));
      writeFileSync(path.join(folder, 'fake-behaviour'), behaviour);
      for (const mark of marks) writeFileSync(path.join(folder, mark), '');
    },
    state(value) {
      mkdirSync(update, { recursive: true });
      writeFileSync(path.join(update, 'state.json'), JSON.stringify(value));
    },
    readJson(name) {
      const file = path.join(update, name);
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
    },
    healthy(version) {
      const result = spawnSync(healthcheck, [], {
        env: { PATH: process.env.PATH, BAIHU_PORT: port, BAIHU_HEALTH_VERSION: version },
      });
      return result.status === 0;
    },
  };
}

test('versions: a staged version on trial answers its health check, is marked good and keeps running', async (t) => {
  const s = await setup(t);
  s.stage('9.0.0', 'healthy');
  s.state({ active: '9.0.0', previous: null });
  writeFileSync(path.join(s.dataDir, 'update', 'rollback.sqlite'), 'copy');
  const run = runEntrypoint(t, s.env);
  await until('the trial to pass', () => existsSync(path.join(s.dataDir, 'update', 'versions', '9.0.0', '.good')));
  assert.ok(s.healthy('9.0.0'));
  assert.equal(s.readJson('last-attempt.json')?.outcome, 'ok');
  assert.equal(existsSync(path.join(s.dataDir, 'update', 'rollback.sqlite')), false, 'the rollback copy is dropped');
  // It runs with the image's node_modules.
  assert.equal(
    readFileSync(path.join(s.dataDir, 'update', 'versions', '9.0.0', 'node_modules', 'semver', 'package.json'), 'utf8')
      .length > 0,
    true,
  );
  assert.match(run.output(), /starting version 9\.0\.0 .*first start/);
  run.child.kill('SIGTERM');
  assert.equal((await run.exited).code, 0);
  assert.equal(readText(s.starts).trim(), '9.0.0 healthy');
});

test('versions: a version that never answers is stopped after the timeout and the previous one starts', async (t) => {
  const s = await setup(t);
  s.stage('8.0.0', 'healthy', ['.ready', '.good']);
  s.stage('9.0.0', 'hang');
  s.state({ active: '9.0.0', previous: '8.0.0' });
  const run = runEntrypoint(t, s.env);
  await until('the previous version to answer', () => s.healthy('8.0.0'), 20_000);
  assert.deepEqual(readText(s.starts).trim().split('\n'), ['9.0.0 hang', '8.0.0 healthy']);
  assert.ok(existsSync(path.join(s.dataDir, 'update', 'versions', '9.0.0', '.bad')));
  assert.deepEqual(s.readJson('state.json'), { active: '8.0.0', previous: null });
  const attempt = s.readJson('last-attempt.json')!;
  assert.equal(attempt.version, '9.0.0');
  assert.equal(attempt.outcome, 'timeout');
  assert.equal(attempt.previous, '8.0.0');
  assert.match(run.output(), /did not answer its health check within 3s \(Service startup timeout\)/);
  run.child.kill('SIGTERM');
  assert.equal((await run.exited).code, 0);
});

test('versions: a version that answers but never gets ready fails its trial like one that never answers', async (t) => {
  const s = await setup(t);
  s.stage('8.0.0', 'healthy', ['.ready', '.good']);
  s.stage('9.0.0', 'loading');
  s.state({ active: '9.0.0', previous: '8.0.0' });
  const run = runEntrypoint(t, s.env);
  await until('the previous version to answer', () => s.healthy('8.0.0'), 20_000);
  assert.deepEqual(readText(s.starts).trim().split('\n'), ['9.0.0 loading', '8.0.0 healthy']);
  assert.ok(existsSync(path.join(s.dataDir, 'update', 'versions', '9.0.0', '.bad')));
  assert.equal(s.readJson('last-attempt.json')?.outcome, 'timeout');
  run.child.kill('SIGTERM');
  assert.equal((await run.exited).code, 0);
});

test('versions: a version that exits during its trial is marked bad at once and the image starts', async (t) => {
  const s = await setup(t);
  s.stage('9.0.0', 'exit');
  s.state({ active: '9.0.0', previous: null });
  const run = runEntrypoint(t, s.env);
  await until('the image to answer', () => s.healthy(imageVersion), 20_000);
  const attempt = s.readJson('last-attempt.json')!;
  assert.equal(attempt.outcome, 'exited');
  assert.equal(attempt.exitCode, 4);
  assert.equal(attempt.previous, imageVersion);
  assert.deepEqual(s.readJson('state.json'), { active: null, previous: null });
  assert.match(run.output(), /exited with code 4 before it answered/);
  run.child.kill('SIGTERM');
  await run.exited;
  // A bad version is never started again.
  s.state({ active: '9.0.0', previous: null });
  const again = runEntrypoint(t, s.env);
  await until('the image to answer again', () => readText(s.starts).trim().split('\n').length === 3, 20_000);
  assert.equal(readText(s.starts).trim().split('\n')[2], `${imageVersion} healthy`);
  again.child.kill('SIGTERM');
  await again.exited;
});

test('versions: a newer image wins over an older staged version; BAIHU_SELF_UPDATE=false always starts the image', async (t) => {
  const s = await setup(t);
  s.stage('0.0.1', 'healthy', ['.ready', '.good']);
  s.state({ active: '0.0.1', previous: null });
  const run = runEntrypoint(t, s.env);
  await until('the image to answer', () => s.healthy(imageVersion), 20_000);
  assert.deepEqual(s.readJson('state.json'), { active: null, previous: null });
  assert.match(run.output(), /is as new as the staged version 0\.0\.1: starting the image/);
  run.child.kill('SIGTERM');
  await run.exited;

  s.stage('9.0.0', 'healthy', ['.ready', '.good']);
  s.state({ active: '9.0.0', previous: null });
  const managed = runEntrypoint(t, { ...s.env, BAIHU_SELF_UPDATE: 'false' });
  await until('the image to answer', () => s.healthy(imageVersion), 20_000);
  assert.equal(s.healthy('9.0.0'), false);
  managed.child.kill('SIGTERM');
  await managed.exited;
});
