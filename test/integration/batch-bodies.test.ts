/**
 * Batch bodies: Qinglong's bare id list `[1, 2]` (DELETE included) and the `ids` of `{ids, ...}` bodies. The routes
 * come from the daemon's route table, so a batch route added later is covered without being listed here.
 * Tier: integration — the real app in-process, a real SQLite file.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RouteEntry } from '../../daemon/src/access/route-table.ts';
import { AccessKind } from '../../daemon/src/contract/access.ts';
import { maxIdsPerRequest } from '../../daemon/src/contract/common.ts';
import { EnvStatus } from '../../daemon/src/contract/enums.ts';
import type { Env } from '../../daemon/src/contract/envs.ts';
import { call, signedIn } from '../helpers/app.ts';
import { sampleOf } from '../helpers/schema-values.ts';
import { databaseSnapshot } from '../helpers/snapshot.ts';

type Schema = { type?: string; items?: Schema; properties?: Record<string, Schema>; maxItems?: number };

const isIdList = (schema: unknown) => {
  const s = schema as Schema | undefined;
  return s?.type === 'array' && s.items?.type === 'integer';
};
/** A route someone can call: the /open twins the open API does not serve (`/open/apps`) answer 404 to everyone. */
const served = (r: RouteEntry) => r.access?.kind !== AccessKind.closed;
/** Routes whose whole body is an id list, and routes whose body is an object with an `ids` list. */
const bareBatch = (routes: RouteEntry[]) => routes.filter((r) => served(r) && isIdList(r.schema?.body));
const idsObject = (routes: RouteEntry[]) =>
  routes.filter((r) => served(r) && isIdList((r.schema?.body as Schema | undefined)?.properties?.ids));

test('every id list of every route has the one shared limit', async (t) => {
  const { app } = await signedIn(t);
  const lists: string[] = [];
  const visit = (schema: unknown, where: string) => {
    const s = schema as Schema | undefined;
    if (!s || typeof s !== 'object') return;
    if (isIdList(s)) {
      lists.push(where);
      assert.equal(s.maxItems, maxIdsPerRequest, `${where}: its own limit`);
    }
    for (const [key, value] of Object.entries(s.properties ?? {})) visit(value, `${where}.${key}`);
  };
  for (const route of app.routeTable) visit(route.schema?.body, `${route.method} ${route.url}`);
  assert.ok(bareBatch(app.routeTable).length >= 20, 'the batch routes were found');
  assert.ok(idsObject(app.routeTable).length >= 5, 'the {ids, ...} routes were found');
  assert.ok(lists.length >= 25);
});

test('a scalar, null, missing or too long id list answers 400 Validation failed on every batch route', async (t) => {
  const { app, token } = await signedIn(t);
  await call(app, 'POST', '/api/envs', { token, payload: [{ name: 'KEEP', value: '1' }] });
  await call(app, 'POST', '/api/crons', { token, payload: { name: 'keep', command: 'echo', schedule: '0 0 1 1 *' } });
  const before = await databaseSnapshot(app);
  const json = { 'content-type': 'application/json' };
  const tooMany = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i + 1));
  const bad: [string, string | undefined, string, string][] = [
    // case, raw body, field, English message
    ['scalar', '5', '', 'request body is not a valid list'],
    ['null', 'null', '', 'request body is not a valid list'],
    ['missing', undefined, '', 'request body is not a valid list'],
    ['object', '{"ids":[1]}', '', 'request body is not a valid list'],
    ['text item', '[1,"x"]', '1', 'request body item 2 is not a valid integer'],
    ['zero', '[0]', '0', 'request body item 1 must be at least 1'],
    ['100,000 ids', tooMany, '', `request body can hold at most ${maxIdsPerRequest} items`],
  ];
  const failures: string[] = [];
  for (const route of bareBatch(app.routeTable)) {
    const url = route.url.replace(':id', '1');
    for (const [name, body, field, message] of bad) {
      const headers = body === undefined ? {} : json;
      const res = await call(app, route.method as 'PUT', url, { token, payload: body, headers });
      const got = `${res.status} ${res.body.message} ${JSON.stringify(res.body.errors)}`;
      const want = `400 Validation failed ${JSON.stringify([{ field, message }])}`;
      if (got !== want) failures.push(`${route.method} ${url} [${name}]: ${got}`);
    }
  }
  for (const route of idsObject(app.routeTable)) {
    const valid = sampleOf(route.schema?.body, 'x') as Record<string, unknown>;
    for (const [name, ids, message] of [
      ['scalar', 5, 'ids is not a valid list'],
      ['null', null, 'ids is not a valid list'],
      ['100,000 ids', JSON.parse(tooMany) as number[], `ids can hold at most ${maxIdsPerRequest} items`],
    ] as const) {
      const res = await call(app, route.method as 'PUT', route.url, { token, payload: { ...valid, ids } });
      const got = `${res.status} ${JSON.stringify(res.body.errors)}`;
      if (got !== `400 ${JSON.stringify([{ field: 'ids', message }])}`) {
        failures.push(`${route.method} ${route.url} [${name}]: ${got}`);
      }
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(await databaseSnapshot(app), before, 'a refused batch changed something');

  const zh = await call(app, 'DELETE', '/api/envs', { token, payload: '5', headers: json, lang: 'zh' });
  assert.equal(zh.body.message, '验证失败');
  assert.deepEqual(zh.body.errors, [{ field: '', message: '请求内容不是有效的列表' }]);
});

test("Qinglong clients' real batch bodies still work: [1,2], ids as text, {ids, name}, and a full-size list", async (t) => {
  const { app, token } = await signedIn(t);
  const created = await call(app, 'POST', '/api/envs', {
    token,
    payload: [
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
      { name: 'C', value: '3' },
    ],
  });
  const [a, b, c] = created.body.data as Env[];
  const status = async () =>
    ((await call(app, 'GET', '/api/envs', { token })).body.data as Env[]).map((e) => `${e.name}:${e.status}`);

  assert.equal((await call(app, 'PUT', '/api/envs/disable', { token, payload: [a!.id, b!.id] })).body.code, 200);
  assert.deepEqual(await status(), ['A:1', 'B:1', 'C:0']);
  // Joi, behind Qinglong's routes, turns numeric text into numbers; scripts written against it send ids that way.
  assert.equal((await call(app, 'PUT', '/api/envs/enable', { token, payload: [String(a!.id)] })).body.code, 200);
  assert.deepEqual(await status(), ['A:0', 'B:1', 'C:0']);
  const renamed = await call(app, 'PUT', '/api/envs/name', { token, payload: { ids: [b!.id, c!.id], name: 'D' } });
  assert.equal(renamed.body.code, 200);
  // The largest list a request may carry works, with ids that do not exist among them.
  const full = Array.from({ length: maxIdsPerRequest }, (_, i) => i + 1);
  assert.equal((await call(app, 'PUT', '/api/envs/disable', { token, payload: full })).body.code, 200);
  assert.deepEqual(await status(), ['A:1', 'D:1', 'D:1']);
  assert.equal((await call(app, 'DELETE', '/api/envs', { token, payload: [a!.id] })).body.code, 200);
  assert.deepEqual(await status(), ['D:1', 'D:1']);
});

test('a repository takes more ids in one call than SQLite takes parameters in one statement', async (t) => {
  const { app, token } = await signedIn(t);
  await call(app, 'POST', '/api/envs', { token, payload: [{ name: 'A', value: '1' }] });
  // Services are also called from inside the daemon (imports, subscriptions), with lists no schema bounds.
  const ids = Array.from({ length: 100_000 }, (_, i) => i + 1);
  await app.ctx.envs.setStatus(ids, EnvStatus.disabled);
  assert.deepEqual(
    (await app.ctx.envs.list()).map((e) => e.status),
    [EnvStatus.disabled],
  );
  await app.ctx.envs.remove(ids);
  assert.deepEqual(await app.ctx.envs.list(), []);
  const subs = await call(app, 'GET', `/api/subscriptions?ids=${ids.slice(0, maxIdsPerRequest).join(',')}`, { token });
  assert.equal(subs.body.code, 200);
  const tooMany = await call(app, 'GET', `/api/subscriptions?ids=${Array(15_000).fill(1).join(',')}`, { token });
  assert.deepEqual(tooMany.body.errors, [{ field: 'ids', message: `ids can hold at most ${maxIdsPerRequest} items` }]);
});
