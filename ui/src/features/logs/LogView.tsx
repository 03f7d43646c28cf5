import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { AnsiReader, type AnsiSegment, type AnsiStyle } from '../../lib/ansi.ts';
import { subscribe } from '../../lib/live.ts';
import { formatSize } from '../../lib/files.ts';
import { LogStateBadge, type LogState } from '../../components/log/LogPane.tsx';
import { logInfo, tailLog } from './api.ts';

interface Page {
  start: number;
  segments: AnsiSegment[];
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

/** At most this much live text is kept in the pane (the file keeps everything). */
const liveKeepChars = 1_000_000;

/**
 * One log file, opened from its end: the last 256 KB with ANSI colours, "Load earlier" for the 256 KB before, and,
 * while the log is being written, the new output as it arrives (from the byte where the page ended). A 100 MB log
 * never reaches the DOM whole.
 */
export function LogView({ path, file }: { path: string; file: string }) {
  const { t } = useLingui();
  const [pages, setPages] = useState<Page[]>([]);
  const [size, setSize] = useState(0);
  const [live, setLive] = useState('');
  const [state, setState] = useState<LogState>('none');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [earlier, setEarlier] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | null = null;
    setPages([]);
    setLive('');
    setError(null);
    setLoading(true);
    setState('none');
    stick.current = true;
    (async () => {
      const info = await logInfo(path, file);
      const range = await tailLog(path, file, info.topic ? info.size : undefined);
      if (cancelled) return;
      setPages([{ start: range.start, segments: new AnsiReader().read(range.text) }]);
      setSize(range.size);
      setLoading(false);
      if (!info.topic) return;
      setState('running');
      let pending = '';
      let frame = 0;
      const flush = () => {
        frame = 0;
        const added = pending;
        pending = '';
        setLive((current) => {
          const next = current + added;
          return next.length > liveKeepChars ? next.slice(next.length - liveKeepChars) : next;
        });
      };
      unsubscribe = subscribe(
        info.topic,
        range.end,
        (text) => {
          pending += text;
          if (!frame) frame = requestAnimationFrame(flush);
        },
        (end) => {
          flush();
          setState(end ? (end.end as LogState) : 'none');
        },
      );
    })().catch((failure: Error) => {
      if (cancelled) return;
      setError(failure.message);
      setLoading(false);
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [path, file]);

  const liveSegments = useMemo(() => new AnsiReader().read(live), [live]);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [pages, liveSegments]);

  const loadEarlier = async () => {
    const first = pages[0];
    if (!first || first.start === 0) return;
    setEarlier(true);
    const el = box.current;
    const fromBottom = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const range = await tailLog(path, file, first.start);
      stick.current = false;
      setPages((current) => [{ start: range.start, segments: new AnsiReader().read(range.text) }, ...current]);
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - fromBottom;
      });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setEarlier(false);
    }
  };

  const firstStart = pages[0]?.start ?? 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px]">
        <span className="inline-flex items-center gap-1.5">
          <span className="text-muted">
            <Trans>Status</Trans>
          </span>
          <LogStateBadge state={state} />
        </span>
        <span>
          <span className="text-muted">
            <Trans>Size</Trans>
          </span>{' '}
          <span className="tabular-nums">{formatSize(size)}</span>
        </span>
      </div>
      {error && <p className="text-xs text-danger-text">{error}</p>}
      <div
        ref={box}
        role="log"
        aria-label={t`Contents of ${file}`}
        aria-busy={loading || undefined}
        tabIndex={0}
        onScroll={() => {
          const el = box.current;
          if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className="min-h-40 flex-1 overflow-auto rounded-md border border-line bg-[#16181d] p-3 font-mono text-[12.5px] leading-[1.55] text-[#d7dae0]"
      >
        {loading && <Spinner label={t`Loading`} />}
        {!loading && firstStart > 0 && (
          <div className="mb-2 flex flex-wrap items-center gap-2 text-[#7f848e]">
            <span>{t`${formatSize(firstStart)} earlier in the file are not shown.`}</span>
            <Button size="sm" onClick={() => void loadEarlier()} loading={earlier}>
              {t`Load earlier`}
            </Button>
          </div>
        )}
        {!loading && pages.every((p) => p.segments.length === 0) && !live && (
          <p className="text-[#7f848e]">{t`This log is empty.`}</p>
        )}
        <pre className="break-all whitespace-pre-wrap">
          {pages.map((page) =>
            page.segments.map((segment, index) => (
              <span key={`${page.start}-${index}`} style={css(segment.style)}>
                {segment.text}
              </span>
            )),
          )}
          {liveSegments.map((segment, index) => (
            <span key={`live-${index}`} style={css(segment.style)}>
              {segment.text}
            </span>
          ))}
        </pre>
      </div>
    </div>
  );
}
