import { useEffect, useMemo, useState } from 'react';
import { subscribe, type EndInfo } from '../../lib/live.ts';
import { bufferOf, LogBuffer } from './logBuffer.ts';

/** A log's lines and the version they were drawn at (the buffer itself changes in place). */
export interface LogLinesState {
  buffer: LogBuffer;
  version: number;
}

export interface LiveLog extends LogLinesState {
  /** How the stream ended; null while it runs. The run's own status may be known sooner (see LogPane's `state`). */
  end: EndInfo | null;
  /** The server has no such topic. */
  missing: boolean;
}

const idle = (): LiveLog => ({ buffer: new LogBuffer(), version: 0, end: null, missing: false });

/** How often a streaming log is drawn again: ten times a second reads as live and leaves the page free. */
const drawEveryMs = 100;

/**
 * Follows a live topic (`run:<id>`…) over the shared WebSocket from offset 0: the text so far, then each new piece,
 * then the end. Each piece is split into the buffer's lines when it arrives (one WebSocket message, one short
 * task); the view is told at most every `drawEveryMs`, on an animation frame.
 */
export function useLiveLog(topic: string | null): LiveLog {
  const [state, setState] = useState<{ topic: string | null; log: LiveLog }>(() => ({ topic, log: idle() }));
  useEffect(() => {
    if (!topic) return;
    const buffer = new LogBuffer();
    let end: EndInfo | null = null;
    let missing = false;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let drawnAt = 0;
    const publish = () => {
      frame = 0;
      timer = null;
      drawnAt = performance.now();
      setState({ topic, log: { buffer, version: buffer.version, end, missing } });
    };
    const schedule = () => {
      if (frame || timer) return;
      const wait = drawnAt + drawEveryMs - performance.now();
      if (wait <= 0) frame = requestAnimationFrame(publish);
      else timer = setTimeout(() => ((timer = null), (frame = requestAnimationFrame(publish))), wait);
    };
    publish();
    const unsubscribe = subscribe(
      topic,
      0,
      (text) => {
        buffer.append(text);
        schedule();
      },
      (ended) => {
        end = ended;
        missing = ended === null;
        if (frame) cancelAnimationFrame(frame);
        if (timer) clearTimeout(timer);
        publish();
      },
    );
    return () => {
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [topic]);
  return state.topic === topic ? state.log : emptyLog;
}

const emptyLog: LiveLog = idle();

/** The lines of a whole text (a log fetched over HTTP), read once per text. */
export function useTextLog(text: string): LogLinesState {
  return useMemo(() => {
    const buffer = bufferOf(text);
    return { buffer, version: buffer.version };
  }, [text]);
}
