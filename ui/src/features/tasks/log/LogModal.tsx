import { useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { Alert } from '../../../components/ui/Alert.tsx';
import type { ModalProps } from '../../../lib/routing.ts';
import { batch } from '../api.ts';
import { RunLog, runState } from './RunLog.tsx';
import { JobLogModal, modalLogHeight } from '../../../components/log/JobLogModal.tsx';
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
      className={modalLogHeight}
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
  const title = 'cron' in source ? t`Log: ${source.cron.name}` : t`Log`;
  return (
    <JobLogModal
      title={title}
      loading={source.kind === 'loading'}
      error={source.kind === 'error' ? source.message : null}
      action={source.kind === 'last' ? { label: t`Run now`, run: () => batch('run', [id]) } : null}
      onClose={onClose}
    >
      {source.kind === 'live' && <RunLog cronId={id} run={source.run} label={title} className={modalLogHeight} />}
      {source.kind === 'last' && <LastLog label={title} text={source.text} run={source.run} />}
    </JobLogModal>
  );
}
