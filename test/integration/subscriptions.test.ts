/**
 * Subscriptions against real git: bare repositories made with the git CLI in temp dirs, pulled over file:// and over
 * a local HTTP git server (git http-backend behind basic auth); single files from a local HTTP server. The daemon
 * is real (in-process, SQLite in a temp dir); nothing leaves 127.0.0.1.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ServerMessage } from '../../daemon/src/contract/live.ts';
import type { ManualClock } from '../../daemon/src/time/clock.ts';
import { call, login, signedIn, startApp, tempDir } from '../helpers/app.ts';
import { bareRepo, startGitHttpServer } from '../helpers/git.ts';
import { startRecorder } from '../helpers/recorder.ts';

const api = '/api/subscriptions';

const scripts = {
  'jd_cron_line.js': "// 0 9 * * * jd_cron_line.js, tag=签到\nconst $ = new Env('京东签到');\n",
  'loon.js': 'cron "5 8 * * *" script-path=loon.js, tag=loon\n',
  'colon.py': '# cron: 30 7 * * *\n# name: 每日 Python\nprint(1)\n',
  'quoted.js': 'const rule = cron "15 6 * * *";\n/* name: quoted */\n',
  'plain.js': 'console.log("no header")\n',
  'utils/helper.js': 'module.exports = {}\n',
  'backup/old.js': '// cron: 1 1 * * *\n',
  'README.md': '# not a script\n',
};

interface Row {
  id: number;
  name: string;
  command: string;
  schedule: string;
  sub_id: number | null;
  updated_at: number;
}

async function tasksOf(app: FastifyInstance): Promise<Row[]> {
  return app.ctx.db
    .selectFrom('crons')
    .select(['id', 'name', 'command', 'schedule', 'sub_id', 'updated_at'])
    .orderBy('command')
    .execute();
}

async function pull(app: FastifyInstance, token: string, id: number) {
  // Each pull gets a log file of its own (log names carry the time, and the test clock only moves when told).
  (app.ctx.clock as ManualClock).advance(1000);
  const started = await call(app, 'PUT', `${api}/run`, { token, payload: [id] });
  assert.equal(started.body.code, 200);
  await app.ctx.subscriptionPuller.idle();
  const runs = await call(app, 'GET', `${api}/${id}/instances`, { token });
  const last = (runs.body.data as { end: string; message: string | null; log_path: string }[])[0]!;
  return last;
}

const base = {
  type: 'public-repo',
  schedule_type: 'crontab',
  schedule: '0 0 * * *',
  whitelist: '',
  blacklist: 'backup/',
  dependences: '^utils/',
  extensions: 'js py',
};

test('subscriptions: pull a repository, tasks from every header format, updates, no-change pull, auto delete', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const repo = bareRepo(tempDir(t));
  repo.commit(scripts);

  const created = await call(app, 'POST', api, { token, payload: { ...base, name: 'Scripts', url: repo.url } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const sub = created.body.data as { id: number; alias: string; status: number; autoAddCron: number };
  assert.equal(sub.alias, 'owner_scripts', 'alias derived from the URL');
  assert.equal(sub.status, 1, 'idle');
  assert.equal(sub.autoAddCron, 1);

  const first = await pull(app, token, sub.id);
  assert.equal(first.end, 'success', readFileSync(path.join(dataDir, 'log', first.log_path), 'utf8'));
  const dest = path.join(dataDir, 'scripts', 'owner_scripts');
  assert.ok(existsSync(path.join(dataDir, 'repo', 'owner_scripts', '.git')), 'cloned into data/repo/<alias>');
  assert.ok(existsSync(path.join(dest, 'utils', 'helper.js')), 'dependency file copied');
  assert.ok(!existsSync(path.join(dest, 'backup', 'old.js')), 'blacklisted file not copied');
  assert.ok(!existsSync(path.join(dest, 'README.md')), 'other extensions not copied');

  const tasks = await tasksOf(app);
  assert.deepEqual(
    tasks.map((r) => [r.command, r.name, r.schedule, r.sub_id]),
    [
      ['task owner_scripts/colon.py', '每日 Python', '30 7 * * *', sub.id],
      ['task owner_scripts/jd_cron_line.js', '京东签到', '0 9 * * *', sub.id],
      ['task owner_scripts/loon.js', 'loon.js', '5 8 * * *', sub.id],
      ['task owner_scripts/plain.js', 'plain.js', tasks.find((r) => r.command.endsWith('plain.js'))!.schedule, sub.id],
      ['task owner_scripts/quoted.js', 'quoted', '15 6 * * *', sub.id],
    ],
  );
  assert.match(tasks.find((r) => r.command.endsWith('plain.js'))!.schedule, /^\d+ \d+ \* \* \*$/, 'random daily');

  // A pull without upstream changes writes nothing to the tasks and no file.
  const before = await tasksOf(app);
  const mtime = statSync(path.join(dest, 'loon.js')).mtimeMs;
  const again = await pull(app, token, sub.id);
  assert.equal(again.end, 'success');
  assert.deepEqual(await tasksOf(app), before, 'no task written');
  assert.equal(statSync(path.join(dest, 'loon.js')).mtimeMs, mtime, 'unchanged file not rewritten');
  const againLog = readFileSync(path.join(dataDir, 'log', again.log_path), 'utf8');
  assert.match(againLog, /0 written, 0 removed; tasks added 0, removed 0/);

  // Upstream: add a script, change one, remove one.
  repo.commit({
    'new_one.js': '// cron: 0 12 * * *\n',
    'loon.js': 'cron "5 8 * * *" script-path=loon.js\n// v2\n',
    'plain.js': null,
  });
  const third = await pull(app, token, sub.id);
  assert.equal(third.end, 'success');
  assert.match(readFileSync(path.join(dest, 'loon.js'), 'utf8'), /v2/, 'changed file updated');
  assert.ok(!existsSync(path.join(dest, 'plain.js')), 'removed file gone');
  const commands = (await tasksOf(app)).map((r) => r.command);
  assert.ok(commands.includes('task owner_scripts/new_one.js'), 'new script became a task');
  assert.ok(!commands.includes('task owner_scripts/plain.js'), 'auto delete removed the task');

  // With auto delete off, a task whose script disappeared is kept.
  await call(app, 'PUT', api, { token, payload: { id: sub.id, autoDelCron: false } });
  repo.commit({ 'new_one.js': null });
  assert.equal((await pull(app, token, sub.id)).end, 'success');
  assert.ok(
    (await tasksOf(app)).some((r) => r.command === 'task owner_scripts/new_one.js'),
    'kept',
  );

  // Whitelist: only matching scripts become tasks (existing ones stay).
  await call(app, 'PUT', api, { token, payload: { id: sub.id, whitelist: '^jd_', autoDelCron: true } });
  assert.equal((await pull(app, token, sub.id)).end, 'success');
  assert.deepEqual(
    (await tasksOf(app)).map((r) => r.command),
    ['task owner_scripts/jd_cron_line.js'],
    'auto delete keeps only whitelisted scripts',
  );
  assert.ok(existsSync(path.join(dest, 'utils', 'helper.js')), 'dependency files do not need the whitelist');
});

test('subscriptions: branch switch, auto add off, the live log topic streams', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const repo = bareRepo(tempDir(t), 'me', 'multi');
  repo.commit({ 'main_only.js': '// cron: 0 1 * * *\n' });
  repo.commit({ 'dev_only.js': '// cron: 0 2 * * *\n' }, 'dev');

  const created = await call(app, 'POST', api, {
    token,
    payload: { ...base, name: 'Multi', url: repo.url, branch: 'main', alias: 'multi' },
  });
  const id = (created.body.data as { id: number }).id;
  assert.equal((await pull(app, token, id)).end, 'success');
  assert.deepEqual(
    (await tasksOf(app)).map((r) => r.command),
    ['task multi/main_only.js'],
  );

  await call(app, 'PUT', api, { token, payload: { id, branch: 'dev' } });
  const switched = await pull(app, token, id);
  assert.equal(switched.end, 'success', readFileSync(path.join(dataDir, 'log', switched.log_path), 'utf8'));
  assert.ok(existsSync(path.join(dataDir, 'scripts', 'multi', 'dev_only.js')));
  assert.ok(existsSync(path.join(dataDir, 'scripts', 'multi', 'main_only.js')), 'dev branched from main');

  // Auto add off: no new task.
  await call(app, 'PUT', api, { token, payload: { id, autoAddCron: 0 } });
  repo.commit({ 'later.js': '// cron: 0 3 * * *\n' }, 'dev');
  assert.equal((await pull(app, token, id)).end, 'success');
  assert.ok(!(await tasksOf(app)).some((r) => r.command.endsWith('later.js')));

  // Live: a pull with a slow sub_before streams under sub:<runId> and ends.
  await call(app, 'PUT', api, { token, payload: { id, sub_before: 'echo before-hook; sleep 0.3' } });
  (app.ctx.clock as ManualClock).advance(1000);
  await call(app, 'PUT', `${api}/run`, { token, payload: [id] });
  const runId = await (async () => {
    for (let i = 0; i < 200; i++) {
      const runId = app.ctx.subscriptionPuller.activeRun(id);
      if (runId) return runId;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('no run');
  })();
  // The run is launched before it has started (its log is opened first, off the daemon's thread): the row says
  // running once it has.
  let status: number | undefined;
  for (let i = 0; i < 200 && status !== 0; i++) {
    status = ((await call(app, 'GET', `${api}/${id}`, { token })).body.data as { status: number }).status;
    if (status !== 0) await new Promise((r) => setTimeout(r, 10));
  }
  assert.equal(status, 0, 'running');
  const socket = new WebSocket(`${address.replace('http', 'ws')}/api/ws?token=${token}`);
  const messages: ServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as ServerMessage));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'subscribe', topic: `sub:${runId}`, offset: 0 }));
  for (let i = 0; i < 500 && !messages.some((m) => m.type === 'end'); i++) await new Promise((r) => setTimeout(r, 20));
  socket.close();
  const text = Buffer.concat(
    messages.flatMap((m) => (m.type === 'chunk' ? [Buffer.from(m.data, 'base64')] : [])),
  ).toString('utf8');
  assert.match(text, /before-hook/);
  assert.match(text, /Synced/);
  const end = messages.find((m) => m.type === 'end');
  assert.ok(end && end.type === 'end' && end.end === 'success');
  const log = await call(app, 'GET', `${api}/${id}/log`, { token });
  assert.equal((log.body as unknown as { logStatus: string }).logStatus, 'completed');
  assert.match(String(log.body.data), /before-hook/);
  const logs = await call(app, 'GET', `${api}/${id}/logs`, { token });
  assert.ok((logs.body.data as unknown[]).length >= 4);
});

test('subscriptions: a private repository over HTTP with a token; a wrong token fails cleanly and never shows', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const root = tempDir(t);
  const repo = bareRepo(root, 'team', 'private');
  repo.commit({ 'secret_job.js': '// cron: 0 4 * * *\n' });
  const goodToken = 'tok-GOOD-7f3a9c1e5b';
  const badToken = 'tok-BAD-0a1b2c3d4e';
  const server = await startGitHttpServer(t, root, 'alice', goodToken);
  const url = `${server.url}/team/private.git`;

  const created = await call(app, 'POST', api, {
    token,
    payload: {
      ...base,
      name: 'Private',
      type: 'private-repo',
      url,
      pull_type: 'user-pwd',
      pull_option: { username: 'alice', password: badToken },
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const sub = created.body.data as { id: number; alias: string; pull_option: unknown };
  assert.deepEqual(sub.pull_option, { username: 'alice', password: '••••' }, 'masked in the reply');

  const failed = await pull(app, token, sub.id);
  assert.equal(failed.end, 'failed');
  assert.match(failed.message ?? '', /Authentication failed/);
  assert.ok(!existsSync(path.join(dataDir, 'repo', sub.alias)), 'no partial checkout');
  assert.ok(!existsSync(path.join(dataDir, 'scripts', sub.alias, 'secret_job.js')), 'nothing synced');
  assert.equal((await tasksOf(app)).length, 0);
  const failedLog = readFileSync(path.join(dataDir, 'log', failed.log_path), 'utf8');
  assert.match(failedLog, /Authentication failed/);
  assert.ok(server.seen.length > 0, 'the server was asked');

  // Sending the mask back keeps the stored secret; a new one replaces it.
  await call(app, 'PUT', api, { token, payload: { id: sub.id, pull_option: { username: 'alice', password: '••••' } } });
  const stored = await app.ctx.db.selectFrom('subscriptions').select('pull_option').executeTakeFirstOrThrow();
  assert.match(stored.pull_option!, new RegExp(badToken));
  await call(app, 'PUT', api, {
    token,
    payload: { id: sub.id, pull_option: { username: 'alice', password: goodToken } },
  });

  const ok = await pull(app, token, sub.id);
  assert.equal(ok.end, 'success', readFileSync(path.join(dataDir, 'log', ok.log_path), 'utf8'));
  assert.deepEqual(
    (await tasksOf(app)).map((r) => r.command),
    [`task ${sub.alias}/secret_job.js`],
  );

  // The token is nowhere: logs, list, detail, runs, log endpoint.
  const replies = await Promise.all(
    [api, `${api}/${sub.id}`, `${api}/${sub.id}/instances`, `${api}/${sub.id}/log`].map((u) =>
      app.inject({ method: 'GET', url: u, headers: { authorization: `Bearer ${token}` } }),
    ),
  );
  const b64 = (s: string) => Buffer.from(`alice:${s}`).toString('base64');
  for (const secret of [goodToken, badToken, b64(goodToken), b64(badToken)]) {
    for (const reply of replies) assert.ok(!reply.body.includes(secret), 'no secret in replies');
    for (const file of readdirSync(path.join(dataDir, 'log', sub.alias))) {
      assert.ok(
        !readFileSync(path.join(dataDir, 'log', sub.alias, file), 'utf8').includes(secret),
        'no secret in logs',
      );
    }
  }
});

test('subscriptions: single files from HTTP; a failed download keeps the old file', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  let status = 200;
  let body = "// cron: 0 5 * * *\nconst $ = new Env('Raw job');\n";
  const server = await startRecorder(t, () => ({ status, body }));
  const created = await call(app, 'POST', api, {
    token,
    payload: { name: 'Raw', type: 'file', url: `${server.url}/files/raw_job.js`, schedule: '0 0 * * *' },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const sub = created.body.data as { id: number; alias: string };
  assert.equal(sub.alias, 'raw_job');
  assert.equal((await pull(app, token, sub.id)).end, 'success');
  const copy = path.join(dataDir, 'scripts', 'raw_job', 'raw_job.js');
  assert.match(readFileSync(copy, 'utf8'), /Raw job/);
  assert.match(readFileSync(path.join(dataDir, 'raw', 'raw_job.js'), 'utf8'), /Raw job/);
  assert.deepEqual(
    (await tasksOf(app)).map((r) => [r.command, r.name, r.schedule]),
    [['task raw_job/raw_job.js', 'Raw job', '0 5 * * *']],
  );

  body = "// cron: 0 6 * * *\nconst $ = new Env('Raw job v2');\n";
  assert.equal((await pull(app, token, sub.id)).end, 'success');
  assert.match(readFileSync(copy, 'utf8'), /v2/, 'replaced');

  status = 500;
  body = 'broken';
  const failed = await pull(app, token, sub.id);
  assert.equal(failed.end, 'failed');
  assert.match(failed.message ?? '', /HTTP 500/);
  assert.match(readFileSync(copy, 'utf8'), /v2/, 'old copy kept');
  assert.match(readFileSync(path.join(dataDir, 'raw', 'raw_job.js'), 'utf8'), /v2/, 'old raw kept');
  const detail = await call(app, 'GET', `${api}/${sub.id}`, { token });
  assert.equal((detail.body.data as { last_end: string }).last_end, 'failed');
});

test('subscriptions: a single file comes through the subscription proxy (with its credentials)', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const origin = await startRecorder(t, () => ({
    status: 200,
    body: "// cron: 0 7 * * *\nconst $ = new Env('Via proxy');\n",
  }));
  // A forwarding HTTP proxy on 127.0.0.1: it sees the absolute URL and the Proxy-Authorization header.
  const seen: { url: string; auth: string | undefined }[] = [];
  const proxy = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers['proxy-authorization'] });
    const target = new URL(req.url ?? '');
    http.get({ host: target.hostname, port: target.port, path: target.pathname }, (upstream) => {
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(res);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  const { port } = proxy.address() as { port: number };
  const created = await call(app, 'POST', api, {
    token,
    payload: {
      name: 'Proxied',
      type: 'file',
      url: `${origin.url}/files/via_proxy.js`,
      schedule: '0 0 * * *',
      proxy: `http://me:secret@127.0.0.1:${port}`,
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const sub = created.body.data as { id: number; alias: string };
  assert.equal((await pull(app, token, sub.id)).end, 'success');
  assert.deepEqual(
    seen.map((s) => s.url),
    [`${origin.url}/files/via_proxy.js`],
  );
  assert.equal(seen[0]!.auth, `Basic ${Buffer.from('me:secret').toString('base64')}`);
  assert.match(readFileSync(path.join(dataDir, 'scripts', sub.alias, 'via_proxy.js'), 'utf8'), /Via proxy/);
});

test('subscriptions: validation, alias uniqueness, parse, masking of keys, enable/disable, force delete', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const missing = await call(app, 'POST', api, {
    token,
    payload: { type: 'public-repo', url: 'https://x.org/a/b.git' },
  });
  assert.equal(missing.status, 400);
  assert.equal(missing.body.errors?.[0]?.field, 'name');
  assert.match(missing.body.errors?.[0]?.message ?? '', /Please enter name/);
  const noKey = await call(app, 'POST', api, {
    token,
    payload: { ...base, name: 'K', type: 'private-repo', url: 'git@github.com:o/r.git', pull_type: 'ssh-key' },
  });
  assert.equal(noKey.status, 400);
  assert.equal(noKey.body.errors?.[0]?.field, 'private_key');
  const badOption = await call(app, 'POST', api, {
    token,
    payload: { ...base, name: 'x', url: '--upload-pack=touch /tmp/x' },
  });
  assert.equal(badOption.status, 400, 'an option is not a URL');

  const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAAsecretkeymaterial\n-----END OPENSSH PRIVATE KEY-----';
  const withKey = await call(app, 'POST', api, {
    token,
    payload: {
      ...base,
      name: 'K',
      type: 'private-repo',
      url: 'git@github.com:o/r.git',
      pull_type: 'ssh-key',
      pull_option: { private_key: key },
    },
  });
  assert.equal(withKey.status, 200, JSON.stringify(withKey.body));
  const keySub = withKey.body.data as { id: number; alias: string; pull_option: unknown };
  assert.deepEqual(keySub.pull_option, { private_key: '••••' });
  const listed = await app.inject({ method: 'GET', url: api, headers: { authorization: `Bearer ${token}` } });
  assert.ok(!listed.body.includes('secretkeymaterial'));

  const taken = await call(app, 'POST', api, {
    token,
    payload: { ...base, name: 'K2', url: 'https://x.org/a/b.git', alias: keySub.alias },
  });
  assert.equal(taken.status, 409);
  assert.match(taken.body.message ?? '', /already exists/);
  const badAlias = await call(app, 'POST', api, {
    token,
    payload: { ...base, name: 'K3', url: 'https://x.org/a/b.git', alias: '../x' },
  });
  assert.equal(badAlias.status, 400);

  const parsed = await call(app, 'POST', `${api}/parse`, {
    token,
    payload: { command: 'ql repo "https://github.com/a/b.git" "jd_" "test" "utils" "main"' },
  });
  assert.equal((parsed.body.data as { alias: string }).alias, 'a_b_main');
  const notCommand = await call(app, 'POST', `${api}/parse`, { token, payload: { command: 'ls' } });
  assert.equal(notCommand.status, 400);

  await call(app, 'PUT', `${api}/disable`, { token, payload: [keySub.id] });
  let one = (await call(app, 'GET', `${api}/${keySub.id}`, { token })).body.data as {
    status: number;
    is_disabled: number;
  };
  assert.deepEqual([one.status, one.is_disabled], [2, 1]);
  await call(app, 'PUT', `${api}/enable`, { token, payload: [keySub.id] });
  one = (await call(app, 'GET', `${api}/${keySub.id}`, { token })).body.data as { status: number; is_disabled: number };
  assert.deepEqual([one.status, one.is_disabled], [1, 0]);
  const search = await call(app, 'GET', `${api}?searchValue=o_r`, { token });
  assert.equal((search.body.data as unknown[]).length, 1);
  const byIds = await call(app, 'GET', `${api}?ids=${encodeURIComponent(JSON.stringify([keySub.id]))}`, { token });
  assert.equal((byIds.body.data as unknown[]).length, 1);
  assert.equal((await call(app, 'GET', `${api}/999`, { token })).status, 404);

  // Force delete removes the tasks and the folders; a plain delete keeps tasks, unlinked.
  const repo = bareRepo(tempDir(t), 'del', 'me');
  repo.commit({ 'a.js': '// cron: 0 1 * * *\n' });
  const made = await call(app, 'POST', api, { token, payload: { ...base, name: 'Del', url: repo.url } });
  const delId = (made.body.data as { id: number }).id;
  assert.equal((await pull(app, token, delId)).end, 'success');
  assert.equal((await tasksOf(app)).length, 1);
  const removed = await call(app, 'DELETE', `${api}?force=true`, { token, payload: [delId] });
  assert.equal(removed.body.code, 200);
  assert.equal((await tasksOf(app)).length, 0);
  assert.ok(!existsSync(path.join(dataDir, 'scripts', 'del_me')));
  assert.ok(!existsSync(path.join(dataDir, 'repo', 'del_me')));

  const kept = await call(app, 'POST', api, { token, payload: { ...base, name: 'Keep', url: repo.url } });
  const keptId = (kept.body.data as { id: number }).id;
  assert.equal((await pull(app, token, keptId)).end, 'success');
  await call(app, 'DELETE', api, { token, payload: [keptId] });
  const left = await tasksOf(app);
  assert.equal(left.length, 1);
  assert.equal(left[0]!.sub_id, null);
  assert.ok(existsSync(path.join(dataDir, 'scripts', 'del_me', 'a.js')));
});

test('subscriptions: interval and cron schedules pull by themselves; disabled ones do not; armed at boot', async (t) => {
  const { app, token, clock, dataDir } = await signedIn(t);
  const repo = bareRepo(tempDir(t), 'tick', 'tock');
  repo.commit({ 'x.js': '// cron: 0 1 * * *\n' });
  const runsOf = async (id: number) =>
    (await call(app, 'GET', `${api}/${id}/instances`, { token })).body.data as { trigger: string }[];
  const interval = await call(app, 'POST', api, {
    token,
    payload: {
      ...base,
      name: 'Every minute',
      url: repo.url,
      alias: 'every',
      schedule_type: 'interval',
      interval_schedule: { type: 'minutes', value: 1 },
    },
  });
  const intervalId = (interval.body.data as { id: number }).id;
  const cron = await call(app, 'POST', api, {
    token,
    payload: { ...base, name: 'Cron', url: repo.url, alias: 'hourly', schedule: '0 * * * *' },
  });
  const cronId = (cron.body.data as { id: number }).id;
  await call(app, 'PUT', `${api}/disable`, { token, payload: [cronId] });

  await clock.advanceAsync(61_000);
  for (let i = 0; i < 100 && (await runsOf(intervalId)).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  await app.ctx.subscriptionPuller.idle();
  assert.deepEqual(
    (await runsOf(intervalId)).map((r) => r.trigger),
    ['schedule'],
  );
  await clock.advanceAsync(60 * 60_000);
  await app.ctx.subscriptionPuller.idle();
  assert.equal((await runsOf(cronId)).length, 0, 'disabled: no pull');

  // A restart arms the timers again (the cron subscription, enabled now).
  await call(app, 'PUT', `${api}/enable`, { token, payload: [cronId] });
  await app.close();
  const second = await startApp(t, { dataDir, clock });
  await second.app.ready().then(() => second.app.ctx.started);
  const token2 = await login(second.app);
  await clock.advanceAsync(60 * 60_000);
  for (let i = 0; i < 100; i++) {
    const runs = await call(second.app, 'GET', `${api}/${cronId}/instances`, { token: token2 });
    if ((runs.body.data as unknown[]).length > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await second.app.ctx.subscriptionPuller.idle();
  const runs = await call(second.app, 'GET', `${api}/${cronId}/instances`, { token: token2 });
  assert.deepEqual(
    (runs.body.data as { trigger: string; end: string }[]).map((r) => [r.trigger, r.end]),
    [['schedule', 'success']],
  );
});
