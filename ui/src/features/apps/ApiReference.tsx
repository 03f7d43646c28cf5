import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { request } from '../../lib/api.ts';

interface Operation {
  'x-baihu-access': string;
  'x-baihu-scope'?: string;
  servers: { url: string }[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}
interface Row {
  method: string;
  path: string;
  operation: Operation;
}

/** Who opens a route, in words. */
function AccessText({ operation }: { operation: Operation }) {
  const open = operation.servers.some((s) => s.url.endsWith('open'));
  switch (operation['x-baihu-access']) {
    case 'public':
      return <Trans>Anyone</Trans>;
    case 'run':
      return <Trans>A run's own token</Trans>;
    case 'scope':
      return open ? (
        <Trans>
          The session, or an application with <code className="font-mono">{operation['x-baihu-scope']}</code>
        </Trans>
      ) : (
        <Trans>The session, or a token of an application with {operation['x-baihu-scope']} (here under /api)</Trans>
      );
    default:
      return <Trans>The signed-in session only</Trans>;
  }
}

function OperationRow({ row }: { row: Row }) {
  const { t } = useLingui();
  const { method, path, operation } = row;
  const mounts = operation.servers.map((s) => s.url.split('/').filter(Boolean).at(-1)).join(' · ');
  const query = operation.parameters.filter((p) => p.in === 'query');
  return (
    <li className="px-4 py-2.5">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="w-14 font-mono text-[12px] font-semibold text-primary-text">{method.toUpperCase()}</span>
          <code className="font-mono text-[13px] break-all">{path}</code>
          <span className="text-[12px] text-muted">
            <AccessText operation={operation} />
          </span>
          <span className="ml-auto font-mono text-[11px] text-faint" title={t`Served under`}>
            {mounts}
          </span>
        </summary>
        <div className="mt-2 flex flex-col gap-2 pl-1 text-[12px]">
          {query.length > 0 && (
            <p>
              <Trans>Query:</Trans>{' '}
              {query.map((p) => (
                <code key={p.name} className="mr-2 font-mono">
                  {p.name}
                  {p.required ? '' : '?'}
                </code>
              ))}
            </p>
          )}
          {operation.requestBody && (
            <pre className="max-h-64 overflow-auto rounded-md border border-line bg-subtle p-2 font-mono text-[11px]">
              {JSON.stringify(operation.requestBody.content['application/json'].schema, null, 2)}
            </pre>
          )}
        </div>
      </details>
    </li>
  );
}

/**
 * The daemon's own OpenAPI document (GET /api/docs/openapi.json, built from its route table), as a list: each route,
 * who may call it and, for the open API, the permission that opens it. Loaded only when asked for.
 */
export function ApiReference() {
  const { t } = useLingui();
  const [doc, setDoc] = useState<Document | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [filter, setFilter] = useState('');

  const load = () => {
    setLoading(true);
    setError(null);
    request<string>('GET', 'docs/openapi.json', { reply: 'text' })
      .then(
        (text) => setDoc(JSON.parse(text) as Document),
        (failure: Error) => setError(failure.message),
      )
      .finally(() => setLoading(false));
  };

  const rows = useMemo(() => {
    if (!doc) return [];
    const needle = filter.trim().toLowerCase();
    return Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method, path, operation })))
      .filter((row) => !needle || `${row.method} ${row.path} ${row.operation['x-baihu-scope'] ?? ''}`.includes(needle));
  }, [doc, filter]);

  if (!doc) {
    return (
      <div className="flex flex-col items-start gap-3 px-5 py-4">
        {error && <Alert>{error}</Alert>}
        <Button onClick={load} loading={loading}>
          {t`Show the API reference`}
        </Button>
        <p className="text-[13px] text-muted">
          <Trans>
            Tools that read OpenAPI get the same document at{' '}
            <code className="font-mono">GET /api/docs/openapi.json</code> with the session's token.
          </Trans>
        </p>
        {loading && <PageSpinner />}
      </div>
    );
  }
  return (
    <div className="flex flex-col">
      <div className="border-b border-line px-4 py-3">
        <Input
          aria-label={t`Filter routes`}
          placeholder={t`Filter by path, method or permission`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <ul aria-label={t`API routes`} className="flex flex-col divide-y divide-line">
        {rows.map((row) => (
          <OperationRow key={`${row.method} ${row.path}`} row={row} />
        ))}
      </ul>
    </div>
  );
}
