import type { LogRun } from '@contract/logs.ts';
import { useLingui } from '@lingui/react/macro';

/** How the run that wrote a log ended, in a few words: red when it failed, with its exit code. */
export function RunNote({ run }: { run: LogRun }) {
  const { t } = useLingui();
  const text = {
    running: t`Running`,
    success: t`Succeeded`,
    failed: run.exitCode === null ? t`Failed` : t`Failed, exit code ${run.exitCode}`,
    stopped: t`Stopped`,
    timeout: t`Timed out`,
    interrupted: t`Interrupted`,
  }[run.end];
  const tone =
    run.end === 'failed' || run.end === 'timeout' || run.end === 'interrupted'
      ? 'font-medium text-danger-text'
      : run.end === 'running'
        ? 'text-primary-text'
        : '';
  return <span className={tone}>{text}</span>;
}
