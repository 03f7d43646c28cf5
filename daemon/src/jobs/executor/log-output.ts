/**
 * Where a run's output goes: the log file first (synchronous appends), then the live sink. When `sink.data(chunk)`
 * is called the file already holds those bytes, so the live-log hub can resume a reader from a byte offset.
 * The command's output is capped (`limit`): past it, one notice line is written and the rest is discarded while the
 * process keeps running; the runner's own lines (start, end) are always written.
 */
import { closeSync, mkdir, mkdirSync, open, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultRunLogLimitMb, megabyte } from '../../settings/limits.ts';
import type { OutputLimit, OutputSink, RunOutcome, RunOutput } from './types.ts';

const newline = Buffer.from('\n');

/** Default cap of one run's output (the `runLogLimitMb` setting's default). */
export const defaultLogLimitBytes = defaultRunLogLimitMb * megabyte;

const openAsync = promisify(open);
const mkdirAsync = promisify(mkdir);
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Opens a log for appending; the folder is made only when missing (a task's folder exists after its first run).
 * On libuv's thread pool: creating a folder and a file costs ≈0.3 ms each on ext4, and the daemon's thread is what
 * limits how many runs start in a second (1,000 due together spent a quarter of its time here).
 */
export async function openLogFile(file: string): Promise<number> {
  try {
    return await openAsync(file, 'a');
  } catch (error) {
    if (!isMissing(error)) throw error;
    await mkdirAsync(path.dirname(file), { recursive: true });
    return await openAsync(file, 'a');
  }
}

/** openLogFile for callers that cannot wait (a command started synchronously, crash recovery). */
export function openLogFileSync(file: string): number {
  try {
    return openSync(file, 'a');
  } catch (error) {
    if (!isMissing(error)) throw error;
    mkdirSync(path.dirname(file), { recursive: true });
    return openSync(file, 'a');
  }
}

export class LogOutput implements RunOutput {
  private fd: number | null = null;
  private endsWithNewline = true;
  private limit: OutputLimit | null = null;
  private outputBytes = 0;
  private truncated = false;
  private readonly closeAtEnd: boolean;

  /**
   * `fd`: the log file opened for appending (openLogFile), which this output now owns; null writes no file.
   * `closeAtEnd` false: the file stays open past a command's end, for the job's own lines (its owner closes it).
   */
  constructor(
    fd: number | null,
    private readonly sink?: OutputSink,
    { closeAtEnd = true } = {},
  ) {
    this.fd = fd;
    this.closeAtEnd = closeAtEnd;
  }

  cap(limit: OutputLimit): void {
    this.limit = limit;
    this.outputBytes = 0;
    this.truncated = false;
  }

  /** Output, counted against the cap while there is one. */
  write(chunk: Buffer): void {
    if (this.truncated || chunk.length === 0) return;
    const limit = this.limit;
    if (limit && this.outputBytes + chunk.length > limit.bytes) {
      // Up to the cap, cut after the last whole line in it (if any), so the log does not end in half a character.
      const head = chunk.subarray(0, Math.max(0, limit.bytes - this.outputBytes));
      const lastLine = head.lastIndexOf(0x0a);
      this.emit(lastLine >= 0 ? head.subarray(0, lastLine + 1) : head);
      this.outputBytes = limit.bytes;
      this.truncated = true;
      this.line(limit.notice);
      return;
    }
    this.outputBytes += chunk.length;
    this.emit(chunk);
  }

  private emit(chunk: Buffer): void {
    if (chunk.length === 0) return;
    if (this.fd !== null) {
      try {
        for (let done = 0; done < chunk.length;) done += writeSync(this.fd, chunk, done);
      } catch (error) {
        // A full disk must not kill the run: the output still reaches live readers.
        console.error(`runner: cannot write the log: ${(error as Error).message}`);
        this.close();
      }
    }
    this.endsWithNewline = chunk[chunk.length - 1] === 0x0a;
    try {
      this.sink?.data(chunk);
    } catch (error) {
      console.error('runner: output sink failed', error);
    }
  }

  /** Writes a whole line of the runner's own (start, end, notices), on a line of its own; never capped. */
  line(text: string): void {
    if (!this.endsWithNewline) this.emit(newline);
    this.emit(Buffer.from(`${text}\n`));
  }

  end(outcome: RunOutcome): void {
    this.limit = null;
    this.truncated = false;
    if (this.closeAtEnd) this.close();
    try {
      this.sink?.end(outcome);
    } catch (error) {
      console.error('runner: output sink failed', error);
    }
  }

  /** Closes the file; the sink hears nothing of it (its owner ends the live topic itself). */
  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}

/** Cuts a stream into whole lines and prefixes each (`[2] `), so parallel accounts stay readable in one log. */
export class LinePrefixer {
  private partial: Buffer = Buffer.alloc(0);
  private readonly prefix: Buffer;

  constructor(
    prefix: string,
    private readonly out: (chunk: Buffer) => void,
  ) {
    this.prefix = Buffer.from(prefix);
  }

  push(chunk: Buffer): void {
    const data = this.partial.length > 0 ? Buffer.concat([this.partial, chunk]) : chunk;
    const last = data.lastIndexOf(0x0a);
    if (last < 0) {
      this.partial = data;
      return;
    }
    const parts: Buffer[] = [];
    for (let start = 0; start <= last;) {
      const end = data.indexOf(0x0a, start);
      parts.push(this.prefix, data.subarray(start, end + 1));
      start = end + 1;
    }
    this.partial = Buffer.from(data.subarray(last + 1));
    this.out(Buffer.concat(parts));
  }

  /** The last line, if it had no newline. */
  flush(): void {
    if (this.partial.length === 0) return;
    const rest = Buffer.concat([this.prefix, this.partial, newline]);
    this.partial = Buffer.alloc(0);
    this.out(rest);
  }
}
