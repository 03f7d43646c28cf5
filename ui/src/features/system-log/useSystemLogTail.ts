import { parseSystemLogLine, systemLogMatches, type SystemLogFilter } from '@contract/system-log.ts';
import { useEffect } from 'react';
import type { LogBuffer } from '../../components/log/logBuffer.ts';
import { subscribe } from '../../lib/live.ts';
import { entryLine } from './format.ts';

/**
 * Follows today's file over the shared WebSocket from where the last read stopped (`syslog:<day>` from `offset`):
 * each whole line that passes the filter is added to the buffer, and `onChanged` is told (at most every 100 ms).
 * The topic ends at midnight and when the log is deleted; `onEnded` then reads the view again.
 */
export function useSystemLogTail(
  tail: { topic: string; offset: number } | null,
  filter: SystemLogFilter,
  buffer: LogBuffer | null,
  onChanged: () => void,
  onEnded: () => void,
): void {
  const { minLevel, text } = filter;
  useEffect(() => {
    if (!tail || !buffer) return;
    let rest = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = null;
        onChanged();
      }, 100);
    };
    const unsubscribe = subscribe(
      tail.topic,
      tail.offset,
      (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        let added = false;
        for (const line of lines) {
          const entry = parseSystemLogLine(line);
          if (!entry || !systemLogMatches(entry, { minLevel, text })) continue;
          buffer.append(entryLine(entry));
          added = true;
        }
        if (added) changed();
      },
      () => onEnded(),
    );
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [tail, buffer, minLevel, text, onChanged, onEnded]);
}
