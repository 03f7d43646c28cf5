import type { LogSearchEnd, LogSearchMatch } from '@contract/logs.ts';
import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { cn } from '../../components/ui/cn.ts';
import { searchLogs } from './api.ts';

/** The match, marked in the queued colour (amber), readable in both themes. */
const markStyle = { backgroundColor: 'color-mix(in srgb, var(--color-status-queued) 35%, transparent)' };

/** How often the list takes in what arrived: a search of many matches draws a few times, not once per line. */
const drawEveryMs = 100;

/**
 * The matches of a search across logs as they arrive, grouped by log, each line with the match marked. The search
 * runs on the server (bounded there); a new query cancels the one before.
 */
export function LogSearchResults({
  query,
  folder,
  selected,
  onOpen,
}: {
  query: string;
  /** Search only this folder of data/log ('' for all). */
  folder: string;
  selected: string | null;
  onOpen: (key: string, line: number) => void;
}) {
  const { t } = useLingui();
  const [matches, setMatches] = useState<LogSearchMatch[]>([]);
  const [end, setEnd] = useState<LogSearchEnd | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const found: LogSearchMatch[] = [];
    setMatches([]);
    setEnd(null);
    setError(null);
    const timer = setInterval(() => setMatches([...found]), drawEveryMs);
    searchLogs(
      query,
      folder,
      (record) => {
        if (record.type === 'match') found.push(record);
        else setEnd(record);
      },
      controller.signal,
    )
      .catch((failure: Error) => !controller.signal.aborted && setError(failure.message))
      .finally(() => {
        clearInterval(timer);
        if (!controller.signal.aborted) setMatches([...found]);
      });
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [query, folder]);

  const groups = new Map<string, LogSearchMatch[]>();
  for (const match of matches) groups.set(match.key, [...(groups.get(match.key) ?? []), match]);
  const logCount = groups.size;
  const searched = end?.files ?? 0;
  const cutNote = end?.cut
    ? {
        files: t`Only the newest logs were searched. Choose a folder to search the rest.`,
        bytes: t`The search stopped after reading its limit. Choose a folder or a longer phrase.`,
        matches: t`Only the first matches are shown. Try a longer phrase.`,
        time: t`The search stopped after its time limit. Choose a folder or a longer phrase.`,
      }[end.cut]
    : null;

  return (
    <div className="min-h-0 flex-1 overflow-auto p-1" aria-busy={!end && !error}>
      <p role="status" className="flex items-center gap-2 px-2 py-1 text-xs text-muted">
        {!end && !error && <Spinner className="size-3.5" label={t`Searching`} />}
        {end && (
          <Plural
            value={matches.length}
            one={`# match in ${logCount} of ${searched} logs`}
            other={`# matches in ${logCount} of ${searched} logs`}
          />
        )}
      </p>
      {cutNote && <p className="px-2 pb-1 text-xs text-muted">{cutNote}</p>}
      {error && <p className="p-2 text-xs text-danger-text">{error}</p>}
      <ul className="flex flex-col gap-1" aria-label={t`Search results`}>
        {[...groups].map(([key, lines]) => (
          <li key={key}>
            <p className="flex flex-col px-2 pt-1">
              {lines[0]?.label && <span className="text-[13px] font-medium break-words">{lines[0].label}</span>}
              <span className="font-mono text-[12px] break-all text-muted">{key}</span>
            </p>
            <ul className="flex flex-col">
              {lines.map((match) => (
                <li key={match.line}>
                  <button
                    type="button"
                    onClick={() => onOpen(match.key, match.line)}
                    aria-current={selected === match.key ? 'true' : undefined}
                    className={cn(
                      'flex w-full gap-2 rounded px-2 py-0.5 text-left font-mono text-[12px] hover:bg-hover',
                      selected === match.key && 'bg-primary-soft',
                    )}
                  >
                    <span className="w-10 shrink-0 text-right text-faint tabular-nums">{match.line}</span>
                    <span className="min-w-0 flex-1 break-all whitespace-pre-wrap">
                      {match.text.slice(0, match.at)}
                      <mark className="rounded-sm px-px text-fg" style={markStyle}>
                        {match.text.slice(match.at, match.at + match.length)}
                      </mark>
                      {match.text.slice(match.at + match.length)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
