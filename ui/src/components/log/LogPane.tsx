import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Badge, type Status } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { formatDuration } from '../../lib/format.ts';
import { LogLines } from './LogLines.tsx';
import type { LogLinesState } from './useLiveLog.ts';

/** Where a live output stands: waiting to start, running, or how it ended (a RunEndKind). */
export type LogState = 'waiting' | 'running' | 'success' | 'failed' | 'stopped' | 'timeout' | 'interrupted' | 'none';

const badgeOf: Record<LogState, Status> = {
  waiting: 'queued',
  running: 'running',
  success: 'success',
  failed: 'failed',
  stopped: 'disabled',
  timeout: 'failed',
  interrupted: 'failed',
  none: 'idle',
};

export function LogStateBadge({ state }: { state: LogState }) {
  const { t } = useLingui();
  const label: Record<LogState, string> = {
    waiting: t`Waiting`,
    running: t`Running`,
    success: t`Success`,
    failed: t`Failed`,
    stopped: t`Stopped`,
    timeout: t`Timed out`,
    interrupted: t`Interrupted`,
    none: t`Not running`,
  };
  return <Badge status={badgeOf[state]}>{label[state]}</Badge>;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The one look of live output (task runs, debug runs, installs, pulls): a monospace pane with ANSI colours that
 * follows the end unless the user scrolled up, with the status, elapsed time, exit code and a stop button above it.
 * Only the rows on screen are drawn. The status is the caller's: it comes from the run (its row or its status
 * event) as soon as that is known, which can be well before the last bytes of a long log have arrived.
 */
export function LogPane({
  label,
  log,
  state,
  startedAt,
  durationMs,
  exitCode,
  onStop,
  stopping,
  onDownload,
  notice,
  className,
}: {
  /** Accessible name of the log region. */
  label: string;
  log: LogLinesState;
  state: LogState;
  startedAt?: number | null;
  durationMs?: number | null;
  exitCode?: number | null;
  /** Leave out where there is nothing to stop; the button is shown only while something runs or waits. */
  onStop?: () => void;
  stopping?: boolean;
  /** Downloads the whole log file (offered when older lines were dropped from the pane, and in the header). */
  onDownload?: () => void;
  notice?: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const [following, setFollowing] = useState(true);
  const live = state === 'running';
  const now = useNow(live && !!startedAt);
  const elapsed = live && startedAt ? Math.max(0, now - startedAt) : (durationMs ?? null);
  const dropped = log.buffer.dropped;

  return (
    <div className={'flex min-h-0 flex-col gap-2 ' + (className ?? '')}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px]">
        <span className="inline-flex items-center gap-1.5" data-testid="log-state">
          <span className="text-muted">
            <Trans>Status</Trans>
          </span>
          <LogStateBadge state={state} />
        </span>
        {elapsed !== null && (
          <span>
            <span className="text-muted">{live ? t`Elapsed` : t`Duration`}</span>{' '}
            <span className="tabular-nums">{formatDuration(elapsed)}</span>
          </span>
        )}
        {exitCode !== null && exitCode !== undefined && (
          <span>
            <span className="text-muted">
              <Trans>Exit code</Trans>
            </span>{' '}
            <span className="font-mono tabular-nums" data-testid="exit-code">
              {exitCode}
            </span>
          </span>
        )}
        <span className="flex-1" />
        {!following && (
          <Button size="sm" variant="ghost" onClick={() => setFollowing(true)}>
            {t`Follow the end`}
          </Button>
        )}
        {onDownload && (
          <Button size="sm" variant="ghost" onClick={onDownload}>
            {t`Download`}
          </Button>
        )}
        {onStop && (live || state === 'waiting') && (
          <Button size="sm" variant="danger" onClick={onStop} loading={stopping}>
            {t`Stop`}
          </Button>
        )}
      </div>
      {notice}
      {dropped > 0 && (
        <p className="text-[13px] text-muted">
          {onDownload
            ? plural(dropped, {
                one: 'The first line is not shown here; download the log for all of it.',
                other: 'The first # lines are not shown here; download the log for all of it.',
              })
            : plural(dropped, {
                one: 'The first line is not shown here; open the log file for all of it.',
                other: 'The first # lines are not shown here; open the log file for all of it.',
              })}
        </p>
      )}
      <LogLines
        buffer={log.buffer}
        version={log.version}
        label={label}
        placeholder={live || state === 'waiting' ? t`Waiting for output…` : t`No output.`}
        following={following}
        onFollowingChange={setFollowing}
      />
    </div>
  );
}
