import { SystemLogLevels, systemLogMaxEntries, type SystemLogFilter } from '@contract/system-log.ts';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { LogLines } from '../../components/log/LogLines.tsx';
import { LogBuffer } from '../../components/log/logBuffer.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { saveBlob } from '../../lib/download.ts';
import { deleteSystemLog, readSystemLog, systemLogText, type SystemLogEntries } from './api.ts';
import { entryLine } from './format.ts';
import { useSystemLogTail } from './useSystemLogTail.ts';

interface Query {
  from: string;
  to: string;
  level: number;
  text: string;
}

/**
 * /setting/systemLog: the daemon's own log, newest entries of the chosen days at the level and with the text asked
 * for, then — when today is in the range — every new entry as it is written (over the one WebSocket).
 */
export function SystemLog() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Query>({ from: '', to: '', level: 0, text: '' });
  const [query, setQuery] = useState<Query>(draft);
  const [data, setData] = useState<SystemLogEntries | null>(null);
  const [buffer, setBuffer] = useState<LogBuffer | null>(null);
  const [version, setVersion] = useState(0);
  const [following, setFollowing] = useState(true);
  const [live, setLive] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    setError(null);
    readSystemLog({
      from: query.from || undefined,
      to: query.to || undefined,
      level: query.level || undefined,
      text: query.text.trim() || undefined,
    })
      .then(
        (reply) => {
          const fresh = new LogBuffer();
          for (const entry of reply.entries) fresh.append(entryLine(entry));
          setBuffer(fresh);
          setVersion(fresh.version);
          setData(reply);
          // The days the server used (its today, in its zone) fill empty inputs.
          setDraft((d) => ({ ...d, from: d.from || reply.today, to: d.to || reply.today }));
        },
        (failure: Error) => setError(failure.message),
      )
      .finally(() => setLoading(false));
  }, [query]);
  useEffect(load, [load]);

  const filter = useMemo<SystemLogFilter>(() => ({ minLevel: query.level, text: query.text }), [query]);
  const onChanged = useCallback(() => setVersion(buffer?.version ?? 0), [buffer]);
  useSystemLogTail(live ? (data?.tail ?? null) : null, filter, buffer, onChanged, load);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...draft });
  };
  const levels = [
    { value: '0', label: t`All levels` },
    { value: String(SystemLogLevels.debug), label: t`Debug and above` },
    { value: String(SystemLogLevels.info), label: t`Info and above` },
    { value: String(SystemLogLevels.warn), label: t`Warnings and errors` },
    { value: String(SystemLogLevels.error), label: t`Errors only` },
  ];
  const count = buffer?.count ?? 0;

  return (
    <Card>
      <CardHeader
        title={t`System log`}
        description={t`What the panel itself did and reported: start-up, requests that failed, schedules, updates. Secrets are never written to it.`}
        actions={
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              size="sm"
              onClick={async () => {
                const range = data ? [draft.from || data.today, draft.to || data.today] : ['', ''];
                saveBlob(await systemLogText(range[0]!, range[1]!), `system-log-${range[0]}-${range[1]}.log`);
              }}
            >
              {t`Download`}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
              {t`Delete`}
            </Button>
          </div>
        }
      />
      <CardBody className="flex flex-col gap-3">
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label={t`Filter the system log`}>
          <label className="flex flex-col gap-1 text-[13px]">
            <span className="text-muted">{t({ message: 'From', context: 'the first day of a date range' })}</span>
            <Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-[13px]">
            <span className="text-muted">{t`To`}</span>
            <Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-[13px]">
            <span className="text-muted">{t`Level`}</span>
            <Select
              options={levels}
              value={String(draft.level)}
              onChange={(e) => setDraft({ ...draft, level: Number(e.target.value) })}
            />
          </label>
          <label className="flex min-w-40 flex-1 flex-col gap-1 text-[13px]">
            <span className="text-muted">{t`Text`}</span>
            <Input
              type="search"
              aria-keyshortcuts="/"
              placeholder={t`Words in the message or its fields`}
              value={draft.text}
              onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            />
          </label>
          <Button type="submit" variant="primary" loading={loading}>
            {t`Show`}
          </Button>
        </form>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-muted">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={live}
              disabled={!data?.tail}
              onChange={(e) => setLive(e.target.checked)}
            />
            {t`Follow new entries`}
          </label>
          <span data-testid="system-log-count">{plural(count, { one: '# entry', other: '# entries' })}</span>
          {data?.truncated && (
            <span>{t`Only the newest ${systemLogMaxEntries} entries are shown; narrow the filter or download the log.`}</span>
          )}
          {!following && (
            <Button size="sm" variant="ghost" onClick={() => setFollowing(true)}>
              {t`Follow the end`}
            </Button>
          )}
        </div>
        {error && <Alert>{error}</Alert>}
        {buffer && (
          <LogLines
            buffer={buffer}
            version={version}
            label={t`System log entries`}
            placeholder={t`No entries match.`}
            following={following}
            onFollowingChange={setFollowing}
            className="h-[60vh] min-h-64"
          />
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete the system log?`}
        description={t`Every day's file under data/syslog is removed; new entries start a new file at once.`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={async () => {
          setDeleting(true);
          try {
            await deleteSystemLog();
            toast(t`System log deleted`);
            setConfirming(false);
            load();
          } catch (failure) {
            setError((failure as Error).message);
          } finally {
            setDeleting(false);
          }
        }}
      />
    </Card>
  );
}
