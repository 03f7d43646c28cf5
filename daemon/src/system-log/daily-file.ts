/**
 * The daemon's own log destination (pino writes each JSON line here): every line is redacted (redact-line.ts), then
 * echoed to the standard output (docker logs) and appended to one file a day under data/syslog/.
 *
 * Cost: one file descriptor and a few numbers. Writes are synchronous appends, like pino's own stdout destination, so
 * a line is in the file before the next one is logged and nothing is buffered in memory. The folder is listed only
 * when a day begins and when the size limit is reached. Old days go first: files older than `keepDays` days, and
 * the oldest files while the folder is over `maxBytes`; if today's file alone reaches the limit, it stops taking
 * lines until tomorrow (saying so once) while the standard output keeps getting them.
 *
 * Logging must never take the daemon down: a folder that cannot be written leaves the file side off, tried again every
 * few seconds.
 */
import { closeSync, fstatSync, openSync, readdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { dayBefore, dayText, nextMidnight, processZone } from '../time/wall-clock.ts';
import { byDay, dayFilePattern, fileOfDay } from './days.ts';
import { redactLogLine } from './redact-line.ts';

export interface SystemLogLimits {
  /** Days kept, today included. */
  keepDays: number;
  /** Bytes the folder may hold in all. */
  maxBytes: number;
}

/** How soon a folder that could not be written is tried again. */
const retryMs = 5000;

export const defaultSystemLogLimits: SystemLogLimits = { keepDays: 7, maxBytes: 50 * 1024 * 1024 };

export interface SystemLogFileOptions {
  dir: string;
  limits?: SystemLogLimits;
  /** Where each redacted line also goes (default: the standard output). */
  echo?: (line: string) => void;
  now?: () => number;
  /** The zone whose days the files are (default: the process's; the daemon hands the panel's, see useTimezone). */
  timezone?: () => string;
}

type AppendListener = (day: string, bytes: number) => void;
type DayListener = (day: string, file: string, size: number) => void;

export class SystemLogFile {
  readonly dir: string;
  private limits: SystemLogLimits;
  private readonly echo: (line: string) => void;
  private readonly now: () => number;
  private zone: () => string;
  private dayZone = '';
  private fd: number | null = null;
  private day = '';
  private rollAt = -Infinity;
  private size = 0;
  private olderBytes = 0;
  private capped = false;
  private readonly appendListeners = new Set<AppendListener>();
  private readonly dayListeners = new Set<DayListener>();

  constructor(options: SystemLogFileOptions) {
    this.dir = options.dir;
    this.limits = options.limits ?? defaultSystemLogLimits;
    this.echo = options.echo ?? ((line) => void process.stdout.write(line));
    this.now = options.now ?? Date.now;
    this.zone = options.timezone ?? processZone;
  }

  /** pino's destination interface. */
  write(chunk: string): void {
    const line = redactLogLine(chunk);
    this.echo(line);
    this.append(line);
  }

  /**
   * The panel's time zone (the daemon's settings, once loaded): a day's file runs from the panel's midnight to the
   * next. Until then, and for lines logged before, the process's zone.
   */
  useTimezone(zone: () => string): void {
    this.zone = zone;
  }

  /** New limits (from the settings); applied at once. */
  configure(limits: SystemLogLimits): void {
    this.limits = limits;
    if (this.fd === null) return;
    this.pruneByAge(this.now());
    this.capped = false;
    this.pruneBySize(0);
  }

  /** Today's file and how many bytes it holds now (where a live tail starts). */
  current(): { day: string; file: string; size: number } {
    this.ensureDay(this.now());
    return { day: this.day, file: this.fileOf(this.day), size: this.size };
  }

  fileOf(day: string): string {
    return path.join(this.dir, fileOfDay(day));
  }

  /** Each line appended to today's file (its byte length), after it is in the file. */
  onAppend(listener: AppendListener): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  /** A day's file (re)started: at midnight, at the first line, and after `clear`. */
  onDay(listener: DayListener): () => void {
    this.dayListeners.add(listener);
    return () => this.dayListeners.delete(listener);
  }

  /** Removes every day's file (DELETE /system/log) and starts today's again, empty. */
  clear(): void {
    this.closeFile();
    for (const { name } of this.dayFiles()) this.remove(name);
    this.rollAt = -Infinity;
    this.ensureDay(this.now());
  }

  close(): void {
    this.closeFile();
    this.rollAt = -Infinity;
  }

  private append(line: string): void {
    this.ensureDay(this.now());
    if (this.fd === null || this.capped) return;
    const bytes = Buffer.byteLength(line);
    if (this.size + this.olderBytes + bytes > this.limits.maxBytes && !this.pruneBySize(bytes)) {
      this.capped = true;
      line = capNotice(this.now(), this.limits.maxBytes);
    }
    this.writeOut(line);
  }

  private writeOut(line: string): void {
    if (this.fd === null) return;
    try {
      const bytes = writeSync(this.fd, line);
      this.size += bytes;
      for (const listener of this.appendListeners) listener(this.day, bytes);
    } catch {
      this.closeFile();
    }
  }

  private ensureDay(now: number): void {
    // A change of the panel's zone starts the day it is in now.
    const zone = this.zone();
    if (now < this.rollAt && zone === this.dayZone) return;
    this.dayZone = zone;
    this.closeFile();
    this.day = dayText(now, zone);
    this.rollAt = nextMidnight(now, zone);
    this.capped = false;
    this.pruneByAge(now);
    try {
      this.fd = openSync(this.fileOf(this.day), 'a', 0o600);
      this.size = fstatSync(this.fd).size;
    } catch {
      // Not there yet (the data folder is made a moment later) or not writable: try again in a few seconds.
      this.fd = null;
      this.size = 0;
      this.rollAt = Math.min(this.rollAt, now + retryMs);
      return;
    }
    this.olderBytes = this.dayFiles()
      .filter((f) => f.day !== this.day)
      .reduce((sum, f) => sum + f.size, 0);
    if (this.size >= this.limits.maxBytes) this.capped = true;
    for (const listener of this.dayListeners) listener(this.day, this.fileOf(this.day), this.size);
  }

  /** Removes the oldest days until `extra` more bytes fit; false when today's file alone is too big. */
  private pruneBySize(extra: number): boolean {
    const older = this.dayFiles()
      .filter((f) => f.day !== this.day)
      .sort(byDay);
    this.olderBytes = older.reduce((sum, f) => sum + f.size, 0);
    while (older.length > 0 && this.size + this.olderBytes + extra > this.limits.maxBytes) {
      const oldest = older.shift()!;
      this.remove(oldest.name);
      this.olderBytes -= oldest.size;
    }
    return this.size + this.olderBytes + extra <= this.limits.maxBytes;
  }

  private pruneByAge(now: number): void {
    const first = dayBefore(now, Math.max(1, this.limits.keepDays) - 1, this.zone());
    for (const f of this.dayFiles()) if (f.day < first) this.remove(f.name);
  }

  private dayFiles(): { name: string; day: string; size: number }[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const files = [];
    for (const name of names) {
      const day = dayFilePattern.exec(name)?.[1];
      if (!day) continue;
      try {
        files.push({ name, day, size: statSync(path.join(this.dir, name)).size });
      } catch {
        // Removed meanwhile.
      }
    }
    return files;
  }

  private remove(name: string): void {
    try {
      unlinkSync(path.join(this.dir, name));
    } catch {
      // Already gone, or not ours to remove: the next pass tries again.
    }
  }

  private closeFile(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // Nothing to do: the descriptor is gone either way.
    }
    this.fd = null;
  }
}

function capNotice(now: number, maxBytes: number): string {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return `${JSON.stringify({
    level: 40,
    time: now,
    msg: `The system log reached its size limit (${mb} MB) today: later lines of today go to the standard output only`,
  })}\n`;
}
