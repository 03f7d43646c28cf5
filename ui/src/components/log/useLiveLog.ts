import { useEffect, useState } from 'react';
import { AnsiReader, type AnsiSegment } from '../../lib/ansi.ts';
import { subscribe, type EndInfo } from '../../lib/live.ts';

/** How much text a pane keeps; older output is dropped from the top (the file keeps everything). */
const keepChars = 2_000_000;

export interface LiveLog {
  segments: AnsiSegment[];
  /** Characters dropped from the top to keep the pane light. */
  dropped: number;
  /** How the topic ended; null while it runs. */
  end: EndInfo | null;
  /** The server has no such topic. */
  missing: boolean;
}

const empty: LiveLog = { segments: [], dropped: 0, end: null, missing: false };

/** Appends segments, merging a piece into the last one when they share a style. */
export function appendSegments(log: LiveLog, added: AnsiSegment[]): LiveLog {
  const segments = log.segments.slice();
  for (const piece of added) {
    const last = segments[segments.length - 1];
    if (last && last.style === piece.style)
      segments[segments.length - 1] = { text: last.text + piece.text, style: last.style };
    else segments.push(piece);
  }
  let total = segments.reduce((n, s) => n + s.text.length, 0);
  let dropped = log.dropped;
  while (total > keepChars && segments.length > 1) {
    total -= segments[0]!.text.length;
    dropped += segments.shift()!.text.length;
  }
  return { ...log, segments, dropped };
}

/** Styled segments of a whole text (a log fetched over HTTP). */
export function segmentsOf(text: string): AnsiSegment[] {
  return new AnsiReader().read(text);
}

/**
 * Follows a live topic (`run:<id>`…) over the shared WebSocket from offset 0: the text so far, then each new piece,
 * then the end. Updates are batched to one render per animation frame, so a chatty task does not flood React.
 */
export function useLiveLog(topic: string | null): LiveLog {
  const [log, setLog] = useState<{ topic: string | null; log: LiveLog }>({ topic, log: empty });
  useEffect(() => {
    if (!topic) return;
    const reader = new AnsiReader();
    let pending: AnsiSegment[] = [];
    let frame = 0;
    const flush = () => {
      frame = 0;
      const added = pending;
      pending = [];
      setLog((current) => ({ topic, log: appendSegments(current.topic === topic ? current.log : empty, added) }));
    };
    setLog({ topic, log: empty });
    const unsubscribe = subscribe(
      topic,
      0,
      (text) => {
        pending.push(...reader.read(text));
        if (!frame) frame = requestAnimationFrame(flush);
      },
      (end) => {
        if (frame) cancelAnimationFrame(frame);
        flush();
        setLog((current) => ({ topic, log: { ...current.log, end, missing: end === null } }));
      },
    );
    return () => {
      if (frame) cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [topic]);
  return log.topic === topic ? log.log : empty;
}
