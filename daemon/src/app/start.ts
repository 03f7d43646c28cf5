import type { FastifyInstance } from 'fastify';
import type { Timetable } from '../scheduler/timetable.ts';
import type { Area } from './shared.ts';

/**
 * The daemon's start work (recovering runs, arming the timetable, the areas' own starts), run once after the app is
 * ready, and a promise that says when it is done. The server listens before it is done (docs/performance.md, start).
 */
export class StartSignal {
  private state: 'waiting' | 'running' | 'done' | 'ended' = 'waiting';
  private resolve!: () => void;
  private readonly fail: (error: unknown) => void;
  /** Resolves when the start work is done (or the app closed before it began); rejects when it failed. */
  readonly done: Promise<void>;

  constructor() {
    let reject!: (error: unknown) => void;
    this.done = new Promise<void>((resolve, rejectWith) => {
      this.resolve = resolve;
      reject = rejectWith;
    });
    this.fail = reject;
    // Whoever waits sees a failure; an unobserved one is the server's to report (server.ts), not an unhandled rejection.
    this.done.catch(() => {});
  }

  /** Runs `work` unless it already began or the app closed. */
  run(work: () => Promise<void>): void {
    if (this.state !== 'waiting') return;
    this.state = 'running';
    work().then(
      () => {
        this.state = 'done';
        this.resolve();
      },
      (error: unknown) => {
        this.state = 'ended';
        this.fail(error);
      },
    );
  }

  isDone(): boolean {
    return this.state === 'done';
  }

  /** For closing: the start work never begins after this, and a running one is waited for (its outcome ignored). */
  async settled(): Promise<void> {
    if (this.state === 'waiting') {
      this.state = 'ended';
      this.resolve();
    }
    await this.done.catch(() => {});
  }
}

/** What the start work starts, in this order. */
export interface StartParts {
  /** The job kernel: runs a crash left behind are recovered first. */
  jobs: { recover(): Promise<void> };
  timetable: Timetable;
  areas: Area<unknown>[];
}

/**
 * Recovers runs, starts the timetable and each area once the app is ready, after listening (the server's door
 * listens before the app is built, door.ts; a test's `listen` resolves on the ready app; the work begins a turn
 * later), so the first answer does not wait for 10,000 tasks to be armed
 * (bench/startup.ts). Until it is done every request but the health check waits for it: a task list read before every
 * status was reset, or a next run time asked before its timer was armed, would be a wrong answer. The health check
 * answers at once, truthfully: the daemon is up and answers every request (`ready` says whether `start` is done).
 * Closing waits for a start that began.
 */
export function installStart(app: FastifyInstance, baseUrl: string, parts: StartParts, start: StartSignal): void {
  const healthUrl = `${baseUrl}api/health`;
  app.addHook('onReady', async () => {
    setImmediate(() =>
      start.run(async () => {
        await parts.jobs.recover();
        parts.timetable.start();
        for (const area of parts.areas) await area.start?.();
      }),
    );
  });
  app.addHook('onRequest', async (request) => {
    if (start.isDone() || request.routeOptions.url === healthUrl) return;
    await start.done;
  });
  app.addHook('preClose', async () => start.settled());
}
