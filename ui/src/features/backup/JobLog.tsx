import { useEffect } from 'react';
import { LogPane, type LogState } from '../../components/log/LogPane.tsx';
import { useLiveLog } from '../../components/log/useLiveLog.ts';

const ends = new Set(['success', 'failed', 'stopped', 'timeout', 'interrupted']);

/** The live log of a system job (a backup, a log deletion) from its topic; its state follows the stream. */
export function JobLog({ topic, label, onEnd }: { topic: string; label: string; onEnd?: (end: string) => void }) {
  const log = useLiveLog(topic);
  const end = log.end?.end ?? null;
  const state: LogState = end ? (ends.has(end) ? (end as LogState) : 'failed') : log.missing ? 'none' : 'running';
  useEffect(() => {
    if (end) onEnd?.(end);
    // Told once per end; a new onEnd from a re-render is not a new end.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [end]);
  return (
    <LogPane
      label={label}
      log={log}
      state={state}
      durationMs={log.end?.durationMs ?? null}
      exitCode={log.end?.exitCode ?? null}
      className="max-h-72"
    />
  );
}
