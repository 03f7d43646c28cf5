/**
 * Reading the system log back: filtered entries for the panel (newest `limit`, oldest first, and where today's
 * live tail continues), and the byte ranges Qinglong's `GET /system/log` streams.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  parseSystemLogLine,
  systemLogMatches,
  type SystemLogEntry,
  type SystemLogFilter,
} from '../contract/system-log.ts';
import { dayText } from '../time/wall-clock.ts';
import { byDay, dayFilePattern } from './days.ts';

export interface DayFile {
  day: string;
  file: string;
  size: number;
}

/** The day files of the folder, oldest first. */
export async function listDays(dir: string): Promise<DayFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const days: DayFile[] = [];
  for (const name of names) {
    const day = dayFilePattern.exec(name)?.[1];
    if (!day) continue;
    const file = path.join(dir, name);
    const size = await stat(file).then(
      (s) => s.size,
      () => -1,
    );
    if (size >= 0) days.push({ day, file, size });
  }
  return days.sort(byDay);
}

export interface EntriesQuery {
  /** First and last day, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  filter: SystemLogFilter;
  limit: number;
}

export interface EntriesResult {
  /** The newest matching entries, oldest first. */
  entries: SystemLogEntry[];
  /** More entries matched than were returned. */
  truncated: boolean;
  /** Today's day and the byte offset a live tail continues from; null when today is outside the range. */
  tail: { day: string; offset: number } | null;
}

/** The last `limit` matching entries of one file, up to `end` bytes. */
async function lastMatches(
  file: string,
  end: number,
  filter: SystemLogFilter,
  limit: number,
): Promise<{ entries: SystemLogEntry[]; matched: number }> {
  const entries: SystemLogEntry[] = [];
  let matched = 0;
  if (end <= 0) return { entries, matched };
  const stream = createReadStream(file, { encoding: 'utf8', start: 0, end: end - 1 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const entry = parseSystemLogLine(line);
      if (!entry || !systemLogMatches(entry, filter)) continue;
      matched += 1;
      entries.push(entry);
      if (entries.length > limit) entries.shift();
    }
  } catch {
    // A file removed while it was read: what was read stands.
  } finally {
    lines.close();
    stream.destroy();
  }
  return { entries, matched };
}

/**
 * Entries of the days from `from` to `to` that pass the filter, the newest `limit` of them. Today's file is read up
 * to `today.size` (its size when the request came), so a live tail from `tail.offset` neither repeats nor skips.
 */
export async function readEntries(
  dir: string,
  today: { day: string; size: number },
  query: EntriesQuery,
): Promise<EntriesResult> {
  const days = (await listDays(dir)).filter((d) => d.day >= query.from && d.day <= query.to).reverse();
  let entries: SystemLogEntry[] = [];
  let truncated = false;
  for (const { day, file, size } of days) {
    if (entries.length >= query.limit) {
      truncated = true;
      break;
    }
    const end = day === today.day ? Math.min(size, today.size) : size;
    const found = await lastMatches(file, end, query.filter, query.limit - entries.length);
    if (found.matched > found.entries.length) truncated = true;
    entries = [...found.entries, ...entries];
  }
  const inRange = today.day >= query.from && today.day <= query.to;
  return { entries, truncated, tail: inRange ? { day: today.day, offset: today.size } : null };
}

/**
 * The day (`YYYY-MM-DD`, in `zone`) of a time given as milliseconds or a date text (Qinglong's clients send
 * `YYYY-MM-DD`, a day of the panel's calendar: taken as it is); null when unreadable.
 */
export function dayOfQuery(text: string | undefined, zone: string): string | null {
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const ms = /^\d{1,15}$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isNaN(ms) ? null : dayText(ms, zone);
}

export interface StreamSelection {
  parts: { file: string; start: number; length: number }[];
  /** Bytes of every selected day. */
  total: number;
  /** Bytes sent: the end of the selection, at most the limit. */
  length: number;
}

/**
 * Qinglong's `GET /system/log?startTime&endTime`: the day files from the day of `startTime` to the day of
 * `endTime` (both default to today), oldest first, of which the last `limit` bytes are sent.
 */
export async function selectForStream(
  dir: string,
  at: { now: number; zone: string },
  query: { startTime?: string; endTime?: string },
  limit: number,
): Promise<StreamSelection> {
  const today = dayText(at.now, at.zone);
  const from = dayOfQuery(query.startTime, at.zone) ?? today;
  const to = dayOfQuery(query.endTime, at.zone) ?? today;
  const days = (await listDays(dir)).filter((d) => d.day >= from && d.day <= to);
  const total = days.reduce((sum, d) => sum + d.size, 0);
  const parts: StreamSelection['parts'] = [];
  let remaining = limit;
  for (let i = days.length - 1; i >= 0 && remaining > 0; i--) {
    const { file, size } = days[i]!;
    const length = Math.min(size, remaining);
    if (length > 0) parts.unshift({ file, start: size - length, length });
    remaining -= length;
  }
  return { parts, total, length: parts.reduce((sum, p) => sum + p.length, 0) };
}
