/**
 * docs/security.md tells an owner what granting an application each scope means, and says plainly that the `system`
 * scope grants root: checked against the daemon's own route table, so a scope added later without its row, or a
 * command route moved under another scope, fails here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { appScopes } from '../../daemon/src/contract/access.ts';
import { startApp } from '../helpers/app.ts';

const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');

/** The rows of the scopes' table: scope → the rest of its row. */
const scopeRows = new Map(
  [...doc.matchAll(/^\| `([a-z]+)` +\|(.*)$/gm)].map((match) => [match[1]!, match[2]!] as const),
);

test('docs/security.md says what every scope grants, and that system grants root through command-run', async (t) => {
  const { app } = await startApp(t);
  const scopeOf = (method: string, url: string) => {
    const route = app.routeTable.find((r) => r.method === method && r.url === url);
    return (route?.access as { scope?: string } | undefined)?.scope;
  };
  // The command routes are what makes `system` root: they are served on /open under that scope.
  assert.equal(scopeOf('PUT', '/open/system/command-run'), 'system');
  assert.equal(scopeOf('PUT', '/open/system/command-stop'), 'system');

  const granted = new Set(
    app.routeTable.flatMap((r) => {
      const scope = (r.access as { scope?: string } | undefined)?.scope;
      return r.surface === 'open' && scope ? [scope] : [];
    }),
  );
  for (const scope of new Set([...appScopes, ...granted])) {
    assert.ok(scopeRows.has(scope), `docs/security.md has no row for the scope ${scope}`);
  }
  assert.match(doc, /granting an application the `system` scope grants it root/);
  const system = scopeRows.get('system')!;
  assert.match(system, /`command-run`/);
  assert.match(system, /root/);
});
