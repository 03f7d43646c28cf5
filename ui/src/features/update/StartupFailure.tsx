import type { UpdateStatus } from '@contract/update.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { dismissAttempt } from './api.ts';

type Attempt = NonNullable<UpdateStatus['lastAttempt']>;

/**
 * What the entrypoint reported after a new version did not start: the spec's "Service startup timeout" (or that it
 * stopped by itself), the version running again, and the repair steps.
 */
export function StartupFailure({ attempt, onDismissed }: { attempt: Attempt; onDismissed: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const previous = attempt.previous ?? '?';
  const version = attempt.version;
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border px-4 py-3 text-[13px]"
      style={{
        color: 'color-mix(in srgb, var(--color-status-failed) 60%, var(--color-fg))',
        backgroundColor: 'color-mix(in srgb, var(--color-status-failed) 10%, transparent)',
        borderColor: 'color-mix(in srgb, var(--color-status-failed) 35%, transparent)',
      }}
    >
      <p className="text-[14px] font-semibold">
        {attempt.outcome === 'timeout' ? t`Service startup timeout` : t`The new version stopped while starting`}
      </p>
      <p>
        {attempt.outcome === 'timeout' ? (
          <Trans>
            Version {version} did not answer in time after the update ({formatDateTime(attempt.at)}), so version{' '}
            {previous} was started again. Nothing of the update is in use.
          </Trans>
        ) : (
          <Trans>
            Version {version} exited with code {attempt.exitCode ?? '?'} while starting ({formatDateTime(attempt.at)}),
            so version {previous} was started again. Nothing of the update is in use.
          </Trans>
        )}
      </p>
      <p className="font-medium">
        <Trans>To repair:</Trans>
      </p>
      <ol className="ml-5 list-decimal space-y-0.5">
        <li>
          <Trans>Update the container: pull the newest image and recreate the container.</Trans>
        </li>
        <li>
          <Trans>
            In the container, run <code className="font-mono">ql check</code>, then{' '}
            <code className="font-mono">ql update</code>.
          </Trans>
        </li>
        <li>
          <Trans>
            Read the process log (<code className="font-mono">docker logs</code>) and System Settings → System Log.
          </Trans>
        </li>
        <li>
          <Trans>If it still fails, submit an issue with what the logs show.</Trans>
        </li>
      </ol>
      <div>
        <Button
          size="sm"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await dismissAttempt();
              onDismissed();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t`Dismiss`}
        </Button>
      </div>
    </div>
  );
}
