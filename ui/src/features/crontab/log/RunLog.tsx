import { runTopic } from '@contract/live.ts';
import { RunStatus } from '@contract/enums.ts';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { LogPane, type LogState } from '../../../components/log/LogPane.tsx';
import { useLiveLog } from '../../../components/log/useLiveLog.ts';
import { stopRun, type CronRun } from '../api.ts';

const endStates = new Set<string>(['success', 'failed', 'stopped', 'timeout', 'interrupted']);

/** How a run stands, from its row. */
export function runState(run: CronRun): LogState {
  if (run.status === RunStatus.queued) return 'waiting';
  if (run.status === RunStatus.running) return 'running';
  if (run.end && endStates.has(run.end)) return run.end as LogState;
  return run.status === RunStatus.stopped ? 'stopped' : run.status === RunStatus.finished ? 'success' : 'failed';
}

/** One run's log over the WebSocket (`run:<id>` from offset 0): live while it runs, the whole file once it ended. */
export function RunLog({
  cronId,
  run,
  label,
  className,
}: {
  cronId: number;
  run: CronRun;
  label: string;
  className?: string;
}) {
  const log = useLiveLog(runTopic(run.id));
  const [stopping, setStopping] = useState(false);
  const ended = log.end;
  const state: LogState = ended
    ? endStates.has(ended.end)
      ? (ended.end as LogState)
      : 'failed'
    : log.missing
      ? 'none'
      : run.started_at || log.segments.length
        ? 'running'
        : runState(run);

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

  return (
    <LogPane
      label={label}
      className={className}
      segments={log.segments}
      dropped={log.dropped}
      state={state}
      startedAt={run.started_at}
      durationMs={ended?.durationMs ?? run.duration_ms}
      exitCode={ended ? ended.exitCode : run.exit_code}
      onStop={stop}
      stopping={stopping}
    />
  );
}
