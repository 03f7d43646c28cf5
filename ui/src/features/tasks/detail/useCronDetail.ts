import { useCallback, useEffect, useState } from 'react';
import { onEvent } from '../../../lib/live.ts';
import { logPageSize } from '../../logs/index.ts';
import { onChange } from '../../../lib/changes.ts';
import { cronLogFiles, cronRuns, cronsResource, getCron, type Cron, type CronRun, type LogFile } from '../api.ts';

/** A task with its last 100 runs and its newest log files (a page of them), fetched again when its status changes or it is edited. */
export function useCronDetail(id: number) {
  const [cron, setCron] = useState<Cron | null>(null);
  const [runs, setRuns] = useState<CronRun[]>([]);
  const [files, setFiles] = useState<LogFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const [c, r, f] = await Promise.all([getCron(id), cronRuns(id, 100), cronLogFiles(id, logPageSize)]);
      setCron(c);
      setRuns(r);
      setFiles(f);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [id]);
  useEffect(() => {
    void load();
    const stopEvents = onEvent(
      'cronStatus',
      (payload) => {
        if ((payload as { id?: number } | null)?.id === id) void load();
      },
      () => void load(),
    );
    const stopChanges = onChange(cronsResource, () => void load());
    return () => {
      stopEvents();
      stopChanges();
    };
  }, [id, load]);
  return { cron, runs, files, error };
}
