import { RunStatus } from '@contract/enums.ts';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { onEvent } from '../../../lib/live.ts';
import { onChange } from '../../../lib/changes.ts';
import { cronRuns, cronsResource, getCron, type Cron, type CronRun } from '../api.ts';

export type CronLogSource =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  /** A run is queued or running: follow it live. */
  | { kind: 'live'; cron: Cron; run: CronRun }
  /** Nothing runs: the last log (GET crons/:id/log) and the last run, if any. */
  | { kind: 'last'; cron: Cron; run: CronRun | null; text: string };

const busy = (run: CronRun | undefined): boolean =>
  !!run && (run.status === RunStatus.running || run.status === RunStatus.queued);

/**
 * What the log of a task should show: its latest run live when one is queued or running, else its last log. It
 * looks again when the task's status changes (a run starts while the log is open) and after the UI changed tasks
 * (Run from the log's own button, lib/changes.ts).
 */
export function useCronLog(id: number): { source: CronLogSource } {
  const [source, setSource] = useState<CronLogSource>({ kind: 'loading' });
  const load = useCallback(async () => {
    try {
      const [cron, runs] = await Promise.all([getCron(id), cronRuns(id, 1)]);
      const run = runs[0];
      if (run && busy(run)) {
        // Keep following the same run (a refresh must not restart its stream).
        setSource((current) =>
          current.kind === 'live' && current.run.id === run.id
            ? { ...current, cron, run }
            : { kind: 'live', cron, run },
        );
        return;
      }
      const text = await api.get<string>(`crons/${id}/log`);
      setSource((current) =>
        // A run that just ended stays on screen with its live log and end line.
        current.kind === 'live' && run && current.run.id === run.id
          ? current
          : { kind: 'last', cron, run: run ?? null, text },
      );
    } catch (error) {
      setSource({ kind: 'error', message: (error as Error).message });
    }
  }, [id]);

  useEffect(() => {
    void load();
    const stopChanges = onChange(cronsResource, () => void load());
    const stopEvents = onEvent(
      'cronStatus',
      (payload) => {
        if ((payload as { id?: number } | null)?.id === id) void load();
      },
      () => void load(),
    );
    return () => (stopChanges(), stopEvents());
  }, [id, load]);

  return { source };
}
