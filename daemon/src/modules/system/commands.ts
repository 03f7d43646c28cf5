/**
 * Qinglong's PUT /system/command-run and command-stop: an arbitrary command run as a one-off job of the kernel (a
 * `task …` command, as Qinglong prefixes it), with its log under data/log and its live topic `cmd:<runId>` like any
 * run, and its output streamed to the caller while it runs.
 */
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { ServerMessage } from '../../contract/live.ts';
import { RunTrigger } from '../../contract/enums.ts';
import { AppError } from '../../errors/app-error.ts';
import { logDirName } from '../../jobs/executor/log-format.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobKind } from '../../jobs/types.ts';
import { Follower } from '../../live/follower.ts';
import type { LiveHub } from '../../live/hub.ts';

const commandQueue = 'commands';

/** Qinglong runs everything through `task`: `echo hi` is `task echo hi` (a shell command of task). */
export const asTaskCommand = (command: string) =>
  /^task(\s|$)/.test(command.trim()) ? command.trim() : `task ${command.trim()}`;

export interface CommandRun {
  runId: number;
  pid: number;
  /** The log, relative to data/log. */
  log: string;
  /** The output from the first byte to the end of the run. */
  output: Readable;
}

export class CommandRuns {
  /** The commands that run now, by run id. */
  private readonly running = new Map<number, { command: string; pid: number }>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly live: LiveHub,
  ) {
    // A command is the caller's to wait for, as Qinglong runs it at once: no limit.
    jobs.defineQueue(commandQueue, () => Infinity);
  }

  /** Starts the command; resolves once it runs, with the stream of its output. */
  async start(text: string): Promise<CommandRun> {
    const command = asTaskCommand(text);
    const ticket = await this.jobs.enqueue({
      kind: JobKind.command,
      refId: null,
      trigger: RunTrigger.manual,
      queue: commandQueue,
      title: command,
      notifyToken: true,
      logPath: (logName) => path.posix.join(logDirName(command), logName),
      work: { command: { command, manual: true } },
      on: {
        started: (run) => void this.running.set(run.runId, { command, pid: run.pid }),
        settled: (run) => void this.running.delete(run.runId),
      },
    });
    if (!ticket) throw new Error('The daemon is stopping.');
    const started = await ticket.started;
    return { runId: started.runId, pid: started.pid, log: started.logPath ?? '', output: this.follow(started.runId) };
  }

  /**
   * Stops commands this daemon started: the one with this pid, or every run of this command. A pid that is none of
   * them is left alone (Qinglong killed any pid it was given); a command that does not run is refused, as Qinglong.
   */
  async stop(query: { pid?: number | undefined; command?: string | undefined }): Promise<void> {
    if (!query.pid && !query.command) throw new AppError('commandRequired');
    const runs = [...this.running].filter(([, run]) =>
      query.pid ? run.pid === query.pid : run.command === asTaskCommand(query.command!),
    );
    if (!query.pid && runs.length === 0) throw new AppError('commandNotFound');
    await Promise.all(runs.map(([runId]) => this.jobs.stop(runId)));
  }

  /** The run's output as a stream: the log file from its first byte, woken by the live topic, until the end. */
  private follow(runId: number): Readable {
    const output = new PassThrough();
    const follower = new Follower(this.live, `cmd:${runId}`, 0, (message: ServerMessage) => {
      if (message.type === 'chunk') {
        const more = output.write(Buffer.from(message.data, 'base64'));
        return more ? Promise.resolve() : new Promise<void>((resolve) => output.once('drain', () => resolve()));
      }
      if (message.type === 'end' || message.type === 'missing') output.end();
      return Promise.resolve();
    });
    // A caller that goes away stops the following, not the command (as Qinglong: the command runs on).
    output.once('close', () => follower.stop());
    follower.start();
    return output;
  }
}
