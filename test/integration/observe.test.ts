/**
 * Looking at the panel from outside: /api/metrics (Prometheus text, counters that follow real runs, who may scrape)
 * and /api/docs/openapi.json (every route of the route table, with the scope that opens it). Tier: integration.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AccessKind, appScopes } from '../../daemon/src/contract/access.ts';
import type { AppToken, AppWithSecret } from '../../daemon/src/contract/apps.ts';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import { call, signedIn } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';

async function appWith(app: Parameters<typeof call>[0], token: string, name: string, scopes: string[]) {
  const created = (await call(app, 'POST', '/api/apps', { token, payload: { name, scopes } })).body
    .data as AppWithSecret;
  const query = new URLSearchParams({ client_id: created.client_id, client_secret: created.client_secret });
  const bearer = ((await call(app, 'GET', `/open/auth/token?${query}`)).body.data as AppToken).token;
  return { ...created, bearer };
}

/** `name{labels} value` lines of the exposition, by their name and labels. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    out.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return out;
}

test('metrics: runs started and failed per task, durations, queues, memory; scraped by a session, a system app token or its credentials', async (t) => {
  const { app, token } = await signedIn(t);
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(app, method, url, { token, ...(payload === undefined ? {} : { payload }) });
  const good = (await api('POST', '/api/crons', { name: 'good "one"', command: 'echo ok', schedule: '0 0 1 1 *' })).body
    .data as Cron;
  const bad = (await api('POST', '/api/crons', { name: 'bad', command: 'exit 3', schedule: '0 0 1 1 *' })).body
    .data as Cron;
  await api('PUT', '/api/crons/run', [good.id, bad.id]);
  await waitFor(
    async () => {
      const rows = await Promise.all(
        [good.id, bad.id].map(async (id) => (await api('GET', `/api/crons/${id}`)).body.data as Cron),
      );
      return rows.every((row) => row.last_end) ? rows : undefined;
    },
    20_000,
    'both runs',
  );
  await api('PUT', '/api/crons/run', [good.id]);
  await waitFor(
    async () => ((await api('GET', `/api/crons/${good.id}`)).body.data as Cron).status === 1,
    20_000,
    'the second run',
  );

  const res = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  const found = samples(res.body);
  const goodLabels = `task_id="${good.id}",task="good \\"one\\""`;
  assert.equal(found.get(`baihu_task_runs_started_total{${goodLabels}}`), 2);
  assert.equal(found.get(`baihu_task_runs_failed_total{${goodLabels}}`), 0);
  assert.equal(found.get(`baihu_task_runs_failed_total{task_id="${bad.id}",task="bad"}`), 1);
  assert.equal(found.get('baihu_job_runs_finished_total{kind="task",end="success"}'), 2);
  assert.equal(found.get('baihu_job_runs_finished_total{kind="task",end="failed"}'), 1);
  assert.equal(found.get('baihu_job_run_duration_seconds_count{kind="task"}'), 3);
  assert.equal(found.get('baihu_job_queue_length{queue="tasks"}'), 0);
  assert.ok((found.get('process_resident_memory_bytes') ?? 0) > 10_000_000);
  assert.ok(found.has('baihu_scheduler_lateness_seconds_count'));

  const system = await appWith(app, token, 'prometheus', ['system']);
  const other = await appWith(
    app,
    token,
    'not system',
    appScopes.filter((s) => s !== 'system'),
  );
  const scrape = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });
  assert.equal((await scrape(`Bearer ${system.bearer}`)).statusCode, 200, 'a system app token, at /api');
  const basic = Buffer.from(`${system.client_id}:${system.client_secret}`).toString('base64');
  assert.equal((await scrape(`Basic ${basic}`)).statusCode, 200, 'its credentials as Basic (Prometheus basic_auth)');
  const wrongBasic = Buffer.from(`${system.client_id}:${'x'.repeat(24)}`).toString('base64');
  assert.equal((await scrape(`Basic ${wrongBasic}`)).statusCode, 401);
  assert.equal((await scrape(`Bearer ${other.bearer}`)).statusCode, 401, 'an app without system');
  assert.equal((await scrape()).statusCode, 401);
  // Basic credentials open nothing else.
  const envs = await app.inject({ method: 'GET', url: '/open/envs', headers: { authorization: `Basic ${basic}` } });
  assert.equal(envs.statusCode, 401);
});

test('openapi: the document lists every /api route once, with its mounts and the scope that opens it', async (t) => {
  const { app, token } = await signedIn(t);
  assert.equal((await call(app, 'GET', '/api/docs/openapi.json')).status, 401, 'not public');
  const system = await appWith(app, token, 'all', [...appScopes]);
  assert.equal((await call(app, 'GET', '/api/docs/openapi.json', { token: system.bearer })).status, 401, 'not apps');
  const res = await app.inject({
    method: 'GET',
    url: '/api/docs/openapi.json',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /application\/json/);
  type Operation = {
    servers: { url: string }[];
    security: Record<string, string[]>[];
    parameters: { name: string; in: string }[];
    'x-baihu-access': string;
    'x-baihu-scope'?: string;
    requestBody?: unknown;
  };
  const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
  assert.equal(doc.openapi, '3.1.0');
  const op = (method: string, path: string) => doc.paths[path]?.[method];

  const move = op('put', '/envs/{id}/move')!;
  assert.deepEqual(
    move.servers.map((s) => s.url),
    ['/api', '/open'],
  );
  assert.equal(move['x-baihu-scope'], 'envs');
  assert.deepEqual(move.security, [{ session: [] }, { appToken: ['envs'] }]);
  assert.ok(move.parameters.some((p) => p.name === 'id' && p.in === 'path'));
  assert.ok(move.requestBody, 'the body schema is there');

  const apps = op('get', '/apps')!;
  assert.deepEqual(
    apps.servers.map((s) => s.url),
    ['/api'],
  );
  assert.equal(apps['x-baihu-access'], 'session');
  const exchange = op('get', '/auth/token')!;
  assert.deepEqual(
    exchange.servers.map((s) => s.url),
    ['/open'],
  );
  assert.deepEqual(exchange.security, []);
  assert.deepEqual(op('get', '/metrics')!.security, [
    { session: [] },
    { appToken: ['system'] },
    { appCredentials: ['system'] },
  ]);

  // Every route of the table under /api is in the document, with each path parameter declared.
  const missing: string[] = [];
  for (const route of app.routeTable.filter((r) => r.surface === 'api' && r.url.startsWith('/api/'))) {
    const path = route.url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
    const operation = op(route.method.toLowerCase(), path);
    if (!operation) {
      missing.push(`${route.method} ${path}`);
      continue;
    }
    for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) {
      if (!operation.parameters.some((p) => p.in === 'path' && p.name === name)) missing.push(`${path} {${name}}`);
    }
    if (route.access?.kind === AccessKind.scope) assert.equal(operation['x-baihu-scope'], route.access.scope, path);
  }
  assert.deepEqual(missing, []);
});
