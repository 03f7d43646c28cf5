import { RunStatus, subscriptionTopic } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { JobLogModal, modalLogHeight } from '../../components/log/JobLogModal.tsx';
import { onEvent } from '../../lib/live.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { LogPane, type LogState } from '../../components/log/LogPane.tsx';
import { useLiveLog } from '../../components/log/useLiveLog.ts';
import { LogBuffer } from '../../components/log/logBuffer.ts';
import { downloadLogFile } from '../../lib/files.ts';
import { getSubscription, latestRuns, subBatch, type Subscription, type SubscriptionRun } from './api.ts';
import { SubStatusBadge } from './status.tsx';

const endStates = new Set<string>(['success', 'failed', 'stopped', 'timeout', 'interrupted']);

const isOpen = (run: SubscriptionRun) => run.status === RunStatus.running || run.status === RunStatus.queued;

/** How a pull stands, from its row alone. */
function runState(run: SubscriptionRun): LogState {
  if (run.status === RunStatus.queued) return 'waiting';
  if (run.status === RunStatus.running) return 'running';
  if (run.end && endStates.has(run.end)) return run.end as LogState;
  return run.status === RunStatus.stopped ? 'stopped' : run.status === RunStatus.finished ? 'success' : 'failed';
}

/** One pull's log over the WebSocket (`sub:<runId>` from offset 0): live while it runs, the whole file once it ended. */
function PullLog({ subId, run, label }: { subId: number; run: SubscriptionRun; label: string }) {
  const { t } = useLingui();
  const log = useLiveLog(subscriptionTopic(run.id));
  const [stopping, setStopping] = useState(false);
  const ended = log.end;
  const open = isOpen(run);
  // The pull's row first: its status event arrives as the pull ends, before the stream's last bytes may have.
  const state: LogState = !open
    ? runState(run)
    : ended
      ? endStates.has(ended.end)
        ? (ended.end as LogState)
        : 'failed'
      : log.missing
        ? 'none'
        : run.started_at || log.buffer.count
          ? 'running'
          : runState(run);

  const stop = async () => {
    setStopping(true);
    try {
      await subBatch('stop', [subId]);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setStopping(false);
    }
  };
  const { added, removed } = run;
  const summary = added || removed ? t`Tasks added: ${added}, removed: ${removed}.` : (run.message ?? undefined);

  return (
    <LogPane
      label={label}
      className={modalLogHeight}
      log={log}
      state={state}
      startedAt={run.started_at}
      durationMs={!open ? run.duration_ms : (ended?.durationMs ?? run.duration_ms)}
      exitCode={null}
      onStop={open ? stop : undefined}
      onDownload={
        run.log_path
          ? () => void downloadLogFile(run.log_path!).catch((error: Error) => toast(error.message, 'error'))
          : undefined
      }
      stopping={stopping}
      notice={
        !open ? (
          <Alert tone="info">
            {t`Not pulling now. This is the log of the last pull.`}
            {summary ? ` ${summary}` : ''}
          </Alert>
        ) : undefined
      }
    />
  );
}

const noLines = { buffer: new LogBuffer(), version: 0 };

type Source =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'none' } | { kind: 'run'; run: SubscriptionRun };

/**
 * subscription/logModal?id=: the running pull live with the shared log pane, or the last pull's log with how it
 * ended; a pull that starts while it is open is followed.
 */
export default function SubLogModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const [sub, setSub] = useState<Subscription | null>(null);
  const [source, setSource] = useState<Source>({ kind: 'loading' });

  const load = useCallback(async () => {
    try {
      const [row, runs] = await Promise.all([getSubscription(id), latestRuns(id, 1)]);
      setSub(row);
      const run = runs[0];
      setSource(run ? { kind: 'run', run } : { kind: 'none' });
    } catch (failure) {
      setSource({ kind: 'error', message: (failure as Error).message });
    }
  }, [id]);

  useEffect(() => {
    void load();
    const stopStatus = onEvent(
      'subscriptionStatus',
      (payload) => {
        const event = (payload ?? {}) as { id?: number };
        if (event.id === id) void load();
      },
      () => void load(),
    );
    return stopStatus;
  }, [id, load]);

  const title = sub ? t`Log: ${sub.name}` : t`Log`;
  const running = source.kind === 'run' && isOpen(source.run);
  const runNow = async () => {
    await subBatch('run', [id]);
    await load();
  };
  return (
    <JobLogModal
      title={title}
      description={sub ? <SubStatusBadge status={sub.status} /> : undefined}
      loading={source.kind === 'loading'}
      error={source.kind === 'error' ? source.message : null}
      action={sub && !running ? { label: t`Run now`, run: runNow } : null}
      onClose={onClose}
    >
      {source.kind === 'none' && (
        <LogPane
          label={title}
          className={modalLogHeight}
          log={noLines}
          state="none"
          notice={<Alert tone="info">{t`Not pulled yet. Run it to pull the scripts and see the log here.`}</Alert>}
        />
      )}
      {source.kind === 'run' && <PullLog key={source.run.id} subId={id} run={source.run} label={title} />}
    </JobLogModal>
  );
}
