/**
 * A number (or a boolean) sent where a route's schema wants text is refused, never turned into text: fuzzed bodies
 * once left `data/config/-1e+308`, `data/scripts/-1e+308/`, `data/bak/-1e+308/` and log folders `-1e_308…`, and
 * changed the panel's time zone, because Ajv's coercion read `-1e308` as the name "-1e+308". Generated from the route
 * table: every route with a body schema, every field of it that takes text and not numbers, gets -1e308, 0, 1 and
 * true, each on its own; each must answer 400 naming that field. Afterwards no file or folder in the data dir has a
 * name that came from such a number, and the database (settings included) is as it was.
 * Tier: integration — the real daemon listening on 127.0.0.1, real SQLite, real files.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { AccessKind } from '../../daemon/src/contract/access.ts';
import { readLocalKey } from '../../daemon/src/auth/local-key.ts';
import { initAccount, login, startApp } from '../helpers/app.ts';
import { fieldsOf, reportedField, seedRows, seedThrough, typesOf, withValue, type Schema } from '../helpers/hostile.ts';
import { inPool } from '../helpers/raw-http.ts';
import { sampleOf } from '../helpers/schema-values.ts';
import { databaseSnapshot, filesSnapshot } from '../helpers/snapshot.ts';

const concrete = (url: string) =>
  url
    .replace(/:id\b|:iid\b/g, '1')
    .replace(/:(\w+)/g, 'config.sh')
    .replace(/\*$/, 'x');

/** What a fuzzer sends where a name goes; JSON text as sent on the wire. */
const notText = ['-1e308', '0', '1', 'true'];
const placeholder = '@@value@@';

/** A name made of one of those values: `-1e+308`, `-1e_308_3`, `0`, `1.log`, `true`… */
const madeOfNumber = /^(-?1e[+_]?308|0|1|true)([._].*)?$/i;

function namesIn(dir: string, root = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (madeOfNumber.test(entry.name)) out.push(path.relative(root, full));
    if (entry.isDirectory()) out.push(...namesIn(full, root));
  }
  return out;
}

test('a number or a boolean in any text field of any body is refused with 400, and makes no file and no setting', async (t) => {
  const { app, dataDir } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  await seedThrough(app, token, seedRows);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const snapshot = async () => ({
    db: await databaseSnapshot(app),
    files: filesSnapshot(dataDir, (relative) => relative.startsWith('db') || relative.startsWith('syslog')),
  });
  const before = await snapshot();
  assert.deepEqual(namesIn(dataDir), []);

  const runToken = `Bearer ${app.ctx.runTokens.issue('numbers-run')}`;
  const localKey = `Bearer ${readLocalKey(path.join(dataDir, 'db'))}`;
  const auth = (kind: string | undefined) =>
    kind === AccessKind.run ? runToken : kind === AccessKind.local ? localKey : `Bearer ${token}`;
  const routes = app.routeTable.filter((r) => r.access?.kind !== AccessKind.closed && r.schema?.body);
  const cases = routes.flatMap((route) => {
    const schema = route.schema!.body as Schema;
    const base = sampleOf(schema, 'numbers');
    return fieldsOf(schema)
      .filter(({ schema: field }) => typesOf(field).has('string') && !typesOf(field).has('number'))
      .flatMap(({ path: at, schema: field, inUnion }) =>
        notText
          .filter((value) => !(value === 'true' && typesOf(field).has('boolean')))
          .map((value) => {
            // -1e308 written as sent: JSON.stringify would keep a number, but not the fuzzer's spelling of it.
            const [head, tail] = JSON.stringify(withValue(base, at, placeholder)).split(`"${placeholder}"`);
            return {
              route,
              where: at.join('.'),
              value,
              field: inUnion ? undefined : reportedField(at),
              body: `${head}${value}${tail}`,
            };
          }),
      );
  });
  assert.ok(routes.length >= 60, `only ${routes.length} routes with a body`);
  assert.ok(cases.length >= 400, `only ${cases.length} cases`);

  const failures: string[] = [];
  await inPool(
    cases.map((c) => async () => {
      const reply = await fetch(`http://127.0.0.1:${port}${concrete(c.route.url)}`, {
        method: c.route.method,
        headers: {
          authorization: auth(c.route.access?.kind),
          'content-type': 'application/json',
          'accept-language': 'en',
        },
        body: c.body,
      });
      const text = await reply.text();
      const what = `${c.route.method} ${c.route.url} ${c.where}=${c.value}`;
      if (reply.status !== 400) return void failures.push(`${what}: HTTP ${reply.status} ${text.slice(0, 160)}`);
      const body = JSON.parse(text) as { errors?: { field: string; message: string }[] };
      if (c.field !== undefined && body.errors?.[0]?.field !== c.field)
        failures.push(`${what}: names ${JSON.stringify(body.errors?.[0]?.field)}, not ${c.field}`);
      else if (c.field !== undefined && !/is not a valid string/.test(body.errors?.[0]?.message ?? ''))
        failures.push(`${what}: the message does not say text is expected: ${body.errors?.[0]?.message}`);
    }),
    4,
  );
  t.diagnostic(`${routes.length} routes with a body, ${cases.length} requests with a number or boolean as text`);
  assert.deepEqual(failures, [], `${failures.length} of ${cases.length} were not refused as they should be`);
  assert.deepEqual(namesIn(dataDir), [], 'a file or folder was named after a number');
  assert.deepEqual(await snapshot(), before, 'a refused request changed the database (settings) or the files');
});
