import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { AnsiStyle } from '../../lib/ansi.ts';
import { cn } from '../ui/cn.ts';
import type { LogBuffer } from './logBuffer.ts';

/**
 * One row, in whole pixels (the list measures rows rounded to whole pixels, and a row that is not its estimate costs
 * a re-layout of the whole list). Matches `leading-[20px]` below.
 */
const rowHeight = 20;
/** Space above the first row and below the last. */
const padding = 10;
/** How close to the end counts as "at the end" (a wheel notch is more). */
const endSlack = 24;

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

/**
 * The lines of a log in a dark monospace box, drawing only the rows on screen (a 200,000-line run costs what 50
 * lines cost). While `following`, it keeps the end in view as lines arrive; scrolling up stops that and says so
 * through `onFollowingChange`, and scrolling back to the end starts it again.
 */
export function LogLines({
  buffer,
  version,
  label,
  placeholder,
  following,
  onFollowingChange,
  busy,
  className,
}: {
  buffer: LogBuffer;
  /** The buffer's version when it was handed over: a new one draws again. */
  version: number;
  /** Accessible name of the log region. */
  label: string;
  /** Shown while there are no lines. */
  placeholder: string;
  following: boolean;
  onFollowingChange: (following: boolean) => void;
  busy?: boolean;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const count = buffer.count;
  // Stable, so the list's measurements are recomputed only when the count changes.
  const getItemKey = useCallback((index: number) => buffer.firstLine + index, [buffer]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => box.current,
    estimateSize: () => rowHeight,
    getItemKey,
    paddingStart: padding,
    paddingEnd: padding,
    overscan: 10,
  });
  const total = virtualizer.getTotalSize();

  useLayoutEffect(() => {
    const el = box.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [version, total, following]);

  // Lines put before the first (Load earlier) or dropped from the top move what is on screen: the scroll position
  // moves with them, so the user keeps reading the same line.
  const seen = useRef({ buffer, firstLine: buffer.firstLine });
  useLayoutEffect(() => {
    const shift = seen.current.buffer === buffer ? seen.current.firstLine - buffer.firstLine : 0;
    seen.current = { buffer, firstLine: buffer.firstLine };
    const el = box.current;
    if (el && shift !== 0 && !following) el.scrollTop += shift * rowHeight;
  }, [buffer, version, following]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < endSlack;
    if (atEnd !== following) onFollowingChange(atEnd);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={box}
      onScroll={onScroll}
      role="log"
      aria-label={label}
      aria-live="off"
      aria-busy={busy || undefined}
      tabIndex={0}
      data-lines={count}
      className={cn(
        'min-h-40 flex-1 overflow-auto rounded-md border border-line bg-[#16181d] font-mono text-[12.5px] leading-[20px] text-[#d7dae0]',
        className,
      )}
    >
      {count === 0 ? (
        <p className="p-3 text-[#7f848e]">{placeholder}</p>
      ) : (
        <div className="relative w-full" style={{ height: total }}>
          <div
            className="absolute top-0 left-0 w-full px-3"
            style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
          >
            {items.map((item) => {
              const line = buffer.segments(item.index);
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="min-h-[20px] break-all whitespace-pre-wrap"
                >
                  {line.map((segment, index) => (
                    <span key={index} style={css(segment.style)}>
                      {segment.text}
                    </span>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
