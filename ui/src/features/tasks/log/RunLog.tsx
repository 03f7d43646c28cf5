import { runTopic } from '@contract/live.ts';
import { RunStatus } from '@contract/enums.ts';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { LogPane, type LogState } from '../../../components/log/LogPane.tsx';
import { useLiveLog } from '../../../components/log/useLiveLog.ts';
import { downloadLogFile } from '../../../lib/files.ts';
import { onEvent } from '../../../lib/live.ts';
import { cronRuns, stopRun, type CronRun } from '../api.ts';

const endStates = new Set<string>(['success', 'failed', 'stopped', 'timeout', 'interrupted']);

const isOpen = (run: CronRun) => run.status === RunStatus.queued || run.status === RunStatus.running;

/** How a run stands, from its row. */
export function runState(run: CronRun): LogState {
  if (run.status === RunStatus.queued) return 'waiting';
  if (run.status === RunStatus.running) return 'running';
  if (run.end && endStates.has(run.end)) return run.end as LogState;
  return run.status === RunStatus.stopped ? 'stopped' : run.status === RunStatus.finished ? 'success' : 'failed';
}

/** How far back to look for the run among its task's latest runs once its task's status changes. */
const lookBack = 20;

/**
 * The run's row, kept current: while it is queued or running, each status event of its task fetches the task's
 * latest runs and picks this one out. The end of a run is known from its row as soon as the run ends, even while
 * the log's last bytes are still on their way.
 */
function useRunRow(cronId: number, initial: CronRun): CronRun {
  const [run, setRun] = useState(initial);
  useEffect(() => setRun(initial), [initial]);
  const open = isOpen(run);
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const refresh = () =>
      cronRuns(cronId, lookBack).then(
        (runs) => {
          const found = runs.find((r) => r.id === initial.id);
          if (found && !cancelled) setRun(found);
        },
        () => undefined,
      );
    const stop = onEvent(
      'cronStatus',
      (payload) => {
        if ((payload as { id?: number } | null)?.id === cronId) void refresh();
      },
      () => void refresh(),
    );
    // The run may have ended between the caller's fetch and this subscription.
    void refresh();
    return () => {
      cancelled = true;
      stop();
    };
  }, [cronId, initial.id, open]);
  return run;
}

/** One run's log over the WebSocket (`run:<id>` from offset 0): live while it runs, the whole file once it ended. */
export function RunLog({
  cronId,
  run: given,
  label,
  className,
}: {
  cronId: number;
  run: CronRun;
  label: string;
  className?: string;
}) {
  const run = useRunRow(cronId, given);
  const log = useLiveLog(runTopic(run.id));
  const [stopping, setStopping] = useState(false);
  const ended = log.end;
  // The run's row first: it knows the end before the stream has delivered the last bytes.
  const state: LogState = !isOpen(run)
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
  const fromRow = !isOpen(run);

  const stop = async () => {
    setStopping(true);
    try {
      await stopRun(cronId, run.id);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setStopping(false);
    }
  };
  const logPath = run.log_path;
  const download = logPath
    ? () => void downloadLogFile(logPath).catch((error: Error) => toast(error.message, 'error'))
    : undefined;

  return (
    <LogPane
      label={label}
      className={className}
      log={log}
      state={state}
      startedAt={run.started_at}
      durationMs={fromRow ? run.duration_ms : (ended?.durationMs ?? run.duration_ms)}
      exitCode={fromRow ? run.exit_code : ended ? ended.exitCode : run.exit_code}
      onStop={stop}
      stopping={stopping}
      onDownload={download}
    />
  );
}
