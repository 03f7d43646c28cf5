import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { LogLines } from '../../components/log/LogLines.tsx';
import { LogBuffer } from '../../components/log/logBuffer.ts';
import { LogStateBadge, type LogState } from '../../components/log/LogPane.tsx';
import { subscribe } from '../../lib/live.ts';
import { formatSize } from '../../lib/files.ts';
import { logInfo, tailLog } from './api.ts';

/**
 * One log file, opened from its end: the last 256 KB with ANSI colours, "Load earlier" for the 256 KB before, and,
 * while the log is being written, the new output as it arrives (from the byte where the page ended). It draws with
 * the live logs' line view, so only the rows on screen reach the DOM however much has been loaded.
 */
export function LogView({ path, file }: { path: string; file: string }) {
  const { t } = useLingui();
  const [buffer, setBuffer] = useState(() => new LogBuffer());
  const [version, setVersion] = useState(0);
  /** Where the loaded text starts in the file. */
  const [start, setStart] = useState(0);
  const [size, setSize] = useState(0);
  const [state, setState] = useState<LogState>('none');
  const [exitCode, setExitCode] = useState<number | null>(null);
  const [task, setTask] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [earlier, setEarlier] = useState(false);
  const [following, setFollowing] = useState(true);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | null = null;
    let frame = 0;
    const lines = new LogBuffer();
    setBuffer(lines);
    setVersion(0);
    setError(null);
    setLoading(true);
    setState('none');
    setExitCode(null);
    setFollowing(true);
    (async () => {
      const info = await logInfo(path, file);
      const range = await tailLog(path, file, info.topic ? info.size : undefined);
      if (cancelled) return;
      lines.append(range.text);
      setTask(info.label ?? null);
      setStart(range.start);
      setSize(range.size);
      setVersion(lines.version);
      setLoading(false);
      if (!info.topic) {
        if (info.run && info.run.end !== 'running') {
          setState(info.run.end);
          setExitCode(info.run.exitCode);
        }
        return;
      }
      setState('running');
      unsubscribe = subscribe(
        info.topic,
        range.end,
        (text) => {
          lines.append(text);
          if (!frame) frame = requestAnimationFrame(() => ((frame = 0), setVersion(lines.version)));
        },
        (end) => {
          setVersion(lines.version);
          setState(end ? (end.end as LogState) : 'none');
          setExitCode(end?.exitCode ?? null);
        },
      );
    })().catch((failure: Error) => {
      if (cancelled) return;
      setError(failure.message);
      setLoading(false);
    });
    return () => {
      cancelled = true;
      if (frame) cancelAnimationFrame(frame);
      unsubscribe?.();
    };
  }, [path, file]);

  const loadEarlier = async () => {
    if (start === 0) return;
    setEarlier(true);
    try {
      const range = await tailLog(path, file, start);
      setFollowing(false);
      buffer.prepend(range.text);
      setStart(range.start);
      setVersion(buffer.version);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setEarlier(false);
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px]">
        {task && (
          <span className="min-w-0 break-words">
            <span className="text-muted">
              <Trans>Task</Trans>
            </span>{' '}
            <span className="font-medium">{task}</span>
          </span>
        )}
        <span className="inline-flex items-center gap-1.5">
          <span className="text-muted">
            <Trans>Status</Trans>
          </span>
          <LogStateBadge state={state} />
        </span>
        {state === 'failed' && exitCode !== null && (
          <span>
            <span className="text-muted">
              <Trans>Exit code</Trans>
            </span>{' '}
            <span className="font-medium text-danger-text tabular-nums">{exitCode}</span>
          </span>
        )}
        <span>
          <span className="text-muted">
            <Trans>Size</Trans>
          </span>{' '}
          <span className="tabular-nums">{formatSize(size)}</span>
        </span>
        <span className="flex-1" />
        {!following && !loading && (
          <Button size="sm" variant="ghost" onClick={() => setFollowing(true)}>
            {t`Follow the end`}
          </Button>
        )}
      </div>
      {error && <p className="text-xs text-danger-text">{error}</p>}
      {!loading && start > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-[13px] text-muted">
          <span>{t`${formatSize(start)} earlier in the file are not shown.`}</span>
          <Button size="sm" onClick={() => void loadEarlier()} loading={earlier}>
            {t`Load earlier`}
          </Button>
        </div>
      )}
      <LogLines
        buffer={buffer}
        version={version}
        label={t`Contents of ${file}`}
        placeholder={loading ? t`Loading` : t`This log is empty.`}
        following={following}
        onFollowingChange={setFollowing}
        busy={loading}
      />
    </div>
  );
}
