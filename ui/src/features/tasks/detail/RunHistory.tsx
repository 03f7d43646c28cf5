import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/Table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatDuration } from '../../../lib/format.ts';
import { LogStateBadge } from '../../../components/log/LogPane.tsx';
import type { CronRun } from '../api.ts';
import { runState } from '../log/RunLog.tsx';

/**
 * The task's runs, newest first: status (with the run's notices, e.g. a notification that was not delivered),
 * trigger, start, duration, exit code and a button opening that run's log.
 */
export function RunHistory({ runs, onOpenLog }: { runs: CronRun[]; onOpenLog: (run: CronRun) => void }) {
  const { t } = useLingui();
  const triggers: Record<string, string> = {
    schedule: t`Schedule`,
    manual: t`Manual`,
    boot: t`Start-up`,
    catchUp: t`Catch-up`,
    shell: t`Shell (task command)`,
  };
  if (runs.length === 0)
    return <EmptyState title={t`No runs yet`} description={t`Runs appear here once the task has started.`} />;
  return (
    <Table label={t`Run history`} containerClassName="max-h-96 overflow-y-auto">
      <THead>
        <tr>
          <Th>{t`Status`}</Th>
          <Th>{t`Trigger`}</Th>
          <Th>{t`Started`}</Th>
          <Th>{t`Duration`}</Th>
          <Th>{t`Exit code`}</Th>
          <Th className="text-right">{t`Log`}</Th>
        </tr>
      </THead>
      <TBody>
        {runs.map((run) => {
          const started = run.started_at ?? run.queued_at;
          return (
            <Tr key={run.id}>
              <Td>
                <LogStateBadge state={runState(run)} />
                {/* Beside the result: what the log does not say, such as a notification that was not delivered. */}
                {run.message && (
                  <p className="mt-1 max-w-xs text-[12px] whitespace-pre-line text-status-queued">{run.message}</p>
                )}
              </Td>
              <Td>{triggers[run.trigger] ?? run.trigger}</Td>
              <Td className="tabular-nums">{formatDateTime(started)}</Td>
              <Td className="tabular-nums">{run.duration_ms !== null ? formatDuration(run.duration_ms) : '—'}</Td>
              <Td className="font-mono">{run.exit_code ?? '—'}</Td>
              <Td className="py-0.5 text-right">
                <Button
                  size="sm"
                  variant="link"
                  onClick={() => onOpenLog(run)}
                  aria-label={t`Log of the run started ${formatDateTime(started)}`}
                >
                  {t`Log`}
                </Button>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
