/**
 * Where a run's output goes: the log file first (synchronous appends), then the live sink. When `sink.data(chunk)`
 * is called the file already holds those bytes, so the live-log hub can resume a reader from a byte offset.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { OutputSink, RunOutcome } from './types.ts';

const newline = Buffer.from('\n');

export class LogOutput {
  private fd: number | null = null;
  private endsWithNewline = true;

  constructor(
    file: string | null,
    private readonly sink?: OutputSink,
  ) {
    if (file !== null) {
      mkdirSync(path.dirname(file), { recursive: true });
      this.fd = openSync(file, 'a');
    }
  }

  write(chunk: Buffer): void {
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

  /** Writes a whole line of the runner's own (start, end, notices), on a line of its own. */
  line(text: string): void {
    if (!this.endsWithNewline) this.write(newline);
    this.write(Buffer.from(`${text}\n`));
  }

  end(outcome: RunOutcome): void {
    this.close();
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
