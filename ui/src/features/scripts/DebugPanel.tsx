import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { LogPane, type LogState } from '../../components/log/LogPane.tsx';
import { useLiveLog } from '../../components/log/useLiveLog.ts';
import { downloadLogFile } from '../../lib/files.ts';
import { runScript, stopScript, type DebugRun } from './api.ts';

/**
 * A debug run of the editor's current text (script/editModal): it runs through the runner as a task run would and
 * streams beside the editor, with a stop button, the exit code and the duration.
 */
export function DebugPanel({
  path,
  file,
  content,
  onClose,
}: {
  path: string;
  file: string;
  content: () => string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [run, setRun] = useState<(DebugRun & { startedAt: number }) | null>(null);
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState(false);
  const log = useLiveLog(run?.topic ?? null);

  const start = async () => {
    setStarting(true);
    try {
      const started = await runScript(path, file, content());
      setRun({ ...started, startedAt: Date.now() });
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setStarting(false);
    }
  };
  const stop = async () => {
    if (!run) return;
    setStopping(true);
    try {
      await stopScript(run.runId);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setStopping(false);
    }
  };
  // A new file starts with an empty panel.
  useEffect(() => setRun(null), [path, file]);

  const state: LogState = !run
    ? 'none'
    : log.missing
      ? 'interrupted'
      : log.end
        ? (log.end.end as LogState)
        : log.buffer.count
          ? 'running'
          : 'waiting';
  const running = state === 'running' || state === 'waiting';

  return (
    <section aria-label={t`Debug run`} className="flex min-h-0 flex-1 flex-col gap-2 p-3">
      <div className="flex items-center gap-2">
        <h2 className="text-[13px] font-semibold">{t`Debug run`}</h2>
        <span className="flex-1" />
        <Button size="sm" variant="primary" onClick={start} loading={starting} disabled={running}>
          {run ? t`Run again` : t`Run`}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t`Close`}
        </Button>
      </div>
      <LogPane
        className="flex-1"
        label={t`Debug output`}
        log={log}
        state={state}
        startedAt={run?.startedAt ?? null}
        durationMs={log.end?.durationMs ?? null}
        exitCode={log.end?.exitCode ?? null}
        onStop={run ? stop : undefined}
        onDownload={
          run?.log
            ? () => void downloadLogFile(run.log!).catch((error: Error) => toast(error.message, 'error'))
            : undefined
        }
        stopping={stopping}
      />
    </section>
  );
}
