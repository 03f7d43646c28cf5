/**
 * Applications (Apps; keyv:apps is only Qinglong's cache of the same list, read when the table has none): name,
 * permissions and client id. Their client secrets and tokens are not carried over (Baihu keeps only a secret's hash,
 * and says which apps need their clients updated): each gets a new secret, shown once.
 * Qinglong's built-in `system` application (used by its own shell commands) is not needed.
 */
import { appScopes, type AppScope } from '../../contract/access.ts';
import { ImportKind } from '../../contract/import.ts';
import { appKey } from './idempotence.ts';
import type { PlannedApp } from './plan.ts';
import type { ImportReport } from './report.ts';
import { integer, isRecord, stringList, trimmed } from './values.ts';

export const qinglongSystemApp = 'system';

export function planApps(rows: Record<string, unknown>[], cached: unknown, report: ImportReport): PlannedApp[] {
  const source: Record<string, unknown>[] =
    rows.length > 0 ? rows : Array.isArray(cached) ? cached.filter(isRecord) : [];
  const apps: PlannedApp[] = [];
  const seen = new Set<string>();
  for (const row of source) {
    report.found(ImportKind.app);
    const name = trimmed(row.name) ?? '';
    const item = name || String(integer(row.id) ?? '');
    if (!name) {
      report.skip(ImportKind.app, item, { key: 'required', field: 'name' });
      continue;
    }
    if (name === qinglongSystemApp) {
      report.skip(ImportKind.app, item, { key: 'importSystemApp' });
      continue;
    }
    if (name.length > 100) {
      report.skip(ImportKind.app, item, { key: 'tooLong', field: 'name', params: { max: 100 } });
      continue;
    }
    if (seen.has(appKey({ name }))) {
      report.skip(ImportKind.app, item, { key: 'importDuplicate' });
      continue;
    }
    seen.add(appKey({ name }));
    // The cache holds arrays, the table JSON text: stringList reads both.
    const requested = Array.isArray(row.scopes) ? row.scopes.map(String) : stringList(row.scopes);
    const scopes = [...new Set(requested.filter((s): s is AppScope => (appScopes as readonly string[]).includes(s)))];
    const unknown = requested.filter((s) => !(appScopes as readonly string[]).includes(s));
    if (unknown.length > 0)
      report.notice(ImportKind.app, name, { key: 'importScopesDropped', params: { scopes: unknown.join(', ') } });
    const clientId = trimmed(row.client_id);
    report.notice(ImportKind.app, name, { key: 'importSecretReissued', params: { clientId: clientId ?? '—' } });
    apps.push({ sourceId: integer(row.id), name, scopes, clientId });
    report.imported(ImportKind.app);
  }
  return apps;
}
