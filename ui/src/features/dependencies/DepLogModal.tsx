import { DependencyStatus, dependencyTopic } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { JobLogModal, modalLogHeight } from '../../components/log/JobLogModal.tsx';
import { onEvent } from '../../lib/live.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { LogPane, type LogState } from '../../components/log/LogPane.tsx';
import { useLiveLog, useTextLog } from '../../components/log/useLiveLog.ts';
import { depBatch, getDependency, type Dependency } from './api.ts';
import { isBusy } from './status.tsx';

const endStates = new Set<string>(['success', 'failed', 'stopped', 'timeout', 'interrupted']);

/** How a dependency's last install or removal stands, from its row alone. */
function stateOf(status: number): LogState {
  switch (status) {
    case DependencyStatus.queued:
      return 'waiting';
    case DependencyStatus.installing:
    case DependencyStatus.removing:
      return 'running';
    case DependencyStatus.installed:
      return 'success';
    case DependencyStatus.installFailed:
    case DependencyStatus.removeFailed:
      return 'failed';
    case DependencyStatus.cancelled:
      return 'stopped';
    default:
      return 'none';
  }
}

/** One install's output over the WebSocket (`dep:<id>` from offset 0), or the stored end of the last one. */
function DepLog({ dep, label, onCancel }: { dep: Dependency; label: string; onCancel: () => void }) {
  const { t } = useLingui();
  const log = useLiveLog(dependencyTopic(dep.id));
  const [stopping, setStopping] = useState(false);
  const busy = isBusy(dep.status);
  const ended = log.end;
  const stored = log.missing && !busy;
  const storedLog = useTextLog(stored ? (dep.log ?? []).join('') : '');
  // The record first: once it is no longer queued or busy, it says how the install ended, whatever the stream
  // still has to deliver.
  const state: LogState =
    !busy && dep.status !== DependencyStatus.queued
      ? stateOf(dep.status)
      : ended
        ? endStates.has(ended.end)
          ? (ended.end as LogState)
          : 'failed'
        : log.buffer.count > 0 || dep.status !== DependencyStatus.queued
          ? 'running'
          : 'waiting';
  const started = Date.parse(dep.updatedAt);
  return (
    <LogPane
      label={label}
      className={modalLogHeight}
      log={stored ? storedLog : log}
      state={state}
      startedAt={state === 'running' && Number.isFinite(started) ? started : null}
      durationMs={ended?.durationMs ?? null}
      exitCode={ended?.exitCode ?? null}
      onStop={async () => {
        setStopping(true);
        try {
          await onCancel();
        } finally {
          setStopping(false);
        }
      }}
      stopping={stopping}
      notice={
        stored && dep.status !== DependencyStatus.queued ? (
          <Alert tone="info">{t`Nothing is installing now. This is the end of the last install's log.`}</Alert>
        ) : undefined
      }
    />
  );
}

/**
 * dependence/logModal?id=: the install (or removal) live with the shared log pane — status, elapsed time, the end —
 * following the next install when one starts while it is open.
 */
export default function DepLogModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const [dep, setDep] = useState<Dependency | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Bumped when a new install or removal starts, so the log subscribes afresh. */
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(async () => {
    try {
      setDep(await getDependency(id));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [id]);

  useEffect(() => {
    void load();
    return onEvent(
      'dependencyStatus',
      (payload) => {
        const event = (payload ?? {}) as { id?: number; status?: number };
        if (event.id !== id) return;
        if (event.status === DependencyStatus.installing || event.status === DependencyStatus.removing)
          setAttempt((n) => n + 1);
        void load();
      },
      () => void load(),
    );
  }, [id, load]);

  const cancel = async () => {
    try {
      await depBatch('cancel', [id]);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    }
  };
  const reinstall = async () => {
    await depBatch('reinstall', [id]);
    await load();
    setAttempt((n) => n + 1);
  };

  const title = dep ? t`Log: ${dep.name}` : t`Log`;
  return (
    <JobLogModal
      title={title}
      loading={!dep}
      error={error}
      action={dep && !isBusy(dep.status) ? { label: t`Reinstall`, run: reinstall } : null}
      onClose={onClose}
    >
      {dep && <DepLog key={attempt} dep={dep} label={title} onCancel={cancel} />}
    </JobLogModal>
  );
}
