/**
 * A search across data/log: the newest logs first, line by line, colours removed before matching, answered as it goes
 * (one JSON line per match) and bounded in files, bytes, matches and time, so a data dir of gigabytes of logs costs
 * a search at most a few seconds and a few MB of reading. Every file is opened through the one resolver.
 */
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import type { LogSearchEnd, LogSearchMatch } from '../../contract/logs.ts';
import { relativeSegments, resolveInside } from '../../files/resolve.ts';

export interface SearchBounds {
  /** Log files read at most. */
  files: number;
  /** Bytes read at most, over all files. */
  bytes: number;
  /** Matches answered at most, and per file. */
  matches: number;
  matchesPerFile: number;
  /** Milliseconds of searching at most. */
  ms: number;
  /** Entries of data/log looked at to find the newest files. */
  entries: number;
}

export const searchBounds: SearchBounds = {
  files: 2000,
  bytes: 256 * 1024 * 1024,
  matches: 200,
  matchesPerFile: 20,
  ms: 5000,
  entries: 50_000,
};

/** Characters of a matching line answered around the match. */
const context = 120;

interface Candidate {
  key: string;
  mtime: number;
}

/** The files under `dir` (relative to root), hidden entries left out, up to `limit` entries looked at. */
async function candidates(root: string, dir: string, limit: number): Promise<Candidate[]> {
  const found: Candidate[] = [];
  const pending = [dir];
  let seen = 0;
  while (pending.length && seen < limit) {
    const current = pending.shift()!;
    const entries = await readdir(path.join(root, current), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith('.') || ++seen > limit) continue;
      const key = current ? `${current}/${entry.name}` : entry.name;
      // Symbolic links are not followed: the resolver would refuse one that leads out, and one inside is found anyway.
      if (entry.isDirectory()) pending.push(key);
      else if (entry.isFile()) {
        const info = await lstat(path.join(root, key)).catch(() => null);
        if (info) found.push({ key, mtime: info.mtimeMs });
      }
    }
  }
  return found.sort((a, b) => b.mtime - a.mtime);
}

/** The part of a long line around the match, and where the match is in it. */
function excerpt(line: string, at: number, length: number): Pick<LogSearchMatch, 'text' | 'at' | 'length'> {
  if (line.length <= context * 2 + length) return { text: line, at, length };
  const from = Math.max(0, at - context);
  const to = Math.min(line.length, at + length + context);
  const lead = from > 0 ? '…' : '';
  return { text: lead + line.slice(from, to) + (to < line.length ? '…' : ''), at: at - from + lead.length, length };
}

/**
 * Yields each match, then one end record saying what was searched and whether a bound cut the search short.
 * `signal` ends it early (the caller went away). Matching is case-insensitive.
 */
export async function* searchLogs(
  root: string,
  query: string,
  dir: string | undefined,
  signal: AbortSignal,
  bounds: SearchBounds = searchBounds,
): AsyncGenerator<LogSearchMatch | LogSearchEnd> {
  const started = Date.now();
  const needle = query.toLowerCase();
  const base = relativeSegments(dir).join('/');
  if (base) await resolveInside(root, base, { mustExist: true });
  const files = await candidates(root, base, bounds.entries);
  let bytes = 0;
  let matches = 0;
  let searched = 0;
  let cut: LogSearchEnd['cut'] = files.length > bounds.files ? 'files' : null;
  for (const { key } of files.slice(0, bounds.files)) {
    if (signal.aborted) return;
    if (Date.now() - started > bounds.ms) {
      cut = 'time';
      break;
    }
    if (bytes >= bounds.bytes) {
      cut = 'bytes';
      break;
    }
    const abs = await resolveInside(root, key, { mustExist: true }).catch(() => null);
    if (!abs) continue;
    searched++;
    const stream = createReadStream(abs, { encoding: 'utf8', end: bounds.bytes - bytes - 1 });
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    let inFile = 0;
    let number = 0;
    try {
      for await (const raw of lines) {
        number++;
        bytes += Buffer.byteLength(raw) + 1;
        const line = stripVTControlCharacters(raw);
        const at = line.toLowerCase().indexOf(needle);
        if (at >= 0) {
          yield { type: 'match', key, line: number, ...excerpt(line, at, query.length) };
          if (++matches >= bounds.matches) {
            yield { type: 'end', files: searched, bytes, cut: 'matches' };
            return;
          }
          if (++inFile >= bounds.matchesPerFile) break;
        }
        if (signal.aborted || Date.now() - started > bounds.ms) break;
      }
    } finally {
      lines.close();
      stream.destroy();
    }
  }
  if (!cut && bytes >= bounds.bytes) cut = 'bytes';
  if (!cut && Date.now() - started > bounds.ms) cut = 'time';
  yield { type: 'end', files: searched, bytes, cut };
}
