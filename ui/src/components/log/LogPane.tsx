import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Badge, type Status } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import type { AnsiSegment, AnsiStyle } from '../../lib/ansi.ts';
import { formatDuration } from '../../lib/format.ts';

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

function css(style: AnsiStyle): CSSProperties | undefined {
  if (!style.fg && !style.bg && !style.bold && !style.dim && !style.italic && !style.underline) return undefined;
  return {
    color: style.fg,
    backgroundColor: style.bg,
    fontWeight: style.bold ? 600 : undefined,
    opacity: style.dim ? 0.7 : undefined,
    fontStyle: style.italic ? 'italic' : undefined,
    textDecoration: style.underline ? 'underline' : undefined,
  };
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
 * The one look of live output (task runs, installs, pulls): a monospace pane with ANSI colours that follows the end
 * unless the user scrolled up, with the status, elapsed time, exit code and a stop button above it.
 */
export function LogPane({
  label,
  segments,
  dropped = 0,
  state,
  startedAt,
  durationMs,
  exitCode,
  onStop,
  stopping,
  notice,
  className,
}: {
  /** Accessible name of the log region. */
  label: string;
  segments: AnsiSegment[];
  dropped?: number;
  state: LogState;
  startedAt?: number | null;
  durationMs?: number | null;
  exitCode?: number | null;
  onStop?: () => void;
  stopping?: boolean;
  notice?: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const live = state === 'running';
  const now = useNow(live && !!startedAt);
  const elapsed = live && startedAt ? Math.max(0, now - startedAt) : (durationMs ?? null);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [segments, following]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight < 24);
  };
  const toEnd = () => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
    setFollowing(true);
  };
  const empty = segments.length === 0;

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
          <Button size="sm" variant="ghost" onClick={toEnd}>
            {t`Follow the end`}
          </Button>
        )}
        {onStop && (
          <Button
            size="sm"
            variant="danger"
            onClick={onStop}
            loading={stopping}
            disabled={!live && state !== 'waiting'}
          >
            {t`Stop`}
          </Button>
        )}
      </div>
      {notice}
      <div
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label={label}
        aria-live="off"
        tabIndex={0}
        className="min-h-40 flex-1 overflow-auto rounded-md border border-line bg-[#16181d] p-3 font-mono text-[12.5px] leading-[1.55] text-[#d7dae0]"
      >
        {dropped > 0 && (
          <p className="mb-2 text-[#7f848e]">
            <Trans>Earlier output is not shown here; open the log file for all of it.</Trans>
          </p>
        )}
        {empty ? (
          <p className="text-[#7f848e]">{live || state === 'waiting' ? t`Waiting for output…` : t`No output.`}</p>
        ) : (
          <pre className="break-all whitespace-pre-wrap">
            {segments.map((segment, index) => (
              <span key={index} style={css(segment.style)}>
                {segment.text}
              </span>
            ))}
          </pre>
        )}
      </div>
    </div>
  );
}
