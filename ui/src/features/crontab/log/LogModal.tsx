import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import type { ModalProps } from '../../../lib/routing.ts';
import { batch } from '../api.ts';
import { RunLog, runState } from './RunLog.tsx';
import { LogPane } from '../../../components/log/LogPane.tsx';
import { useTextLog } from '../../../components/log/useLiveLog.ts';
import { useCronLog } from './useCronLog.ts';
import type { CronRun } from '../api.ts';

/** The last run's log, fetched whole, with how that run ended. */
function LastLog({ label, text, run }: { label: string; text: string; run: CronRun | null }) {
  const { t } = useLingui();
  const log = useTextLog(text);
  return (
    <LogPane
      label={label}
      className="h-[calc(85dvh-150px)]"
      log={log}
      state={run ? runState(run) : 'none'}
      durationMs={run?.duration_ms ?? null}
      exitCode={run?.exit_code ?? null}
      notice={<Alert tone="info">{t`Task not running. This is the log of its last run.`}</Alert>}
    />
  );
}

/** crontab/logModal?id=: the task's current run live, or its last log with 'Task not running'. */
export default function LogModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const { source } = useCronLog(id);
  const [starting, setStarting] = useState(false);
  const title = 'cron' in source ? t`Log: ${source.cron.name}` : t`Log`;

  const runNow = async () => {
    setStarting(true);
    try {
      await batch('run', [id]);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setStarting(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      className="h-[85dvh] max-w-4xl!"
      footer={
        <>
          {source.kind === 'last' && (
            <Button onClick={runNow} loading={starting}>
              {t`Run now`}
            </Button>
          )}
          <Button onClick={onClose}>{t`Close`}</Button>
        </>
      }
    >
      {source.kind === 'loading' && <PageSpinner />}
      {source.kind === 'error' && <Alert>{source.message}</Alert>}
      {source.kind === 'live' && (
        <RunLog cronId={id} run={source.run} label={title} className="h-[calc(85dvh-150px)]" />
      )}
      {source.kind === 'last' && <LastLog label={title} text={source.text} run={source.run} />}
    </Dialog>
  );
}
