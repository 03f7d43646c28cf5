import type { EndInfo } from '../contract/live.ts';
import type { LiveHub } from '../live/hub.ts';
import { LogOutput, openLogFile } from './executor/log-output.ts';
import type { OutputSink, RunOutput } from './executor/types.ts';

/** The end of a stream of output, at most `limit` bytes. */
class Tail {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size > 2 * this.limit) {
      const joined = Buffer.concat(this.chunks).subarray(-this.limit);
      this.chunks = [joined];
      this.size = joined.length;
    }
  }

  text(): string {
    return Buffer.concat(this.chunks).subarray(-this.limit).toString('utf8');
  }
}

/**
 * A run's log: the one writer of its file (synchronous appends, so the file holds every byte before the live topic
 * says it was written), its live topic, and optionally the end of it in memory.
 */
export class JobLog {
  private readonly out: LogOutput;
  private readonly writer: ReturnType<LiveHub['open']>;
  private readonly tail: Tail | null;

  /** Opens the file (off the daemon's thread, see openLogFile), then the live topic: followers find the file. */
  static async open(
    live: LiveHub,
    topic: string,
    file: string | null,
    mask?: (text: string) => string,
    keepTail = 0,
  ): Promise<JobLog> {
    const fd = file === null ? null : await openLogFile(file);
    return new JobLog(live, topic, file, fd, mask, keepTail);
  }

  private constructor(
    live: LiveHub,
    topic: string,
    file: string | null,
    fd: number | null,
    private readonly mask: (text: string) => string = (text) => text,
    keepTail = 0,
  ) {
    this.writer = live.open(topic, file);
    const tail = keepTail > 0 ? new Tail(keepTail) : null;
    this.tail = tail;
    const sink: OutputSink = {
      data: tail
        ? (chunk) => {
            tail.add(chunk);
            this.writer.data(chunk.length);
          }
        : (chunk) => this.writer.data(chunk.length),
      end: () => {},
    };
    // Open past each command's end: a job of steps writes its own lines between and after its commands.
    this.out = new LogOutput(fd, sink, { closeAtEnd: false });
  }

  /** The log the executor writes a process's output into (its own start and end lines included). */
  get output(): RunOutput {
    return this.out;
  }

  write(text: string): void {
    this.out.write(Buffer.from(this.mask(text)));
  }

  /** A line of the job's own, on a line of its own. */
  line(text: string): void {
    this.out.line(this.mask(text));
  }

  /** The end of the log so far ('' when the job keeps none). */
  tailText(): string {
    return this.tail?.text() ?? '';
  }

  /** Closes the file, then tells the topic's followers how the run ended. */
  end(info: EndInfo): void {
    this.out.close();
    this.writer.end(info);
  }
}
