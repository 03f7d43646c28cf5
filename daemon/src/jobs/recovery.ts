import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../time/clock.ts';
import { RunEnd, RunStatus } from '../contract/enums.ts';
import type { Executor } from './executor/executor.ts';
import { LogOutput, openLogFileSync } from './executor/log-output.ts';
import type { JobRunsRepository } from './runs-repository.ts';

const interruptedLine = '\n## Interrupted: the daemon stopped during this run / 守护进程在运行期间停止，本次运行中断\n';

/**
 * One pass for every kind of job at start-up: a run a crash left unfinished is marked interrupted (its log says so)
 * and what is left of its processes is killed — only processes that carry its marker, so a recycled pid is safe.
 */
export async function recoverRuns(
  runs: JobRunsRepository,
  executor: Executor,
  logRoot: string,
  clock: Clock,
): Promise<void> {
  const unfinished = await runs.unfinished();
  // Queued runs count too: a command's marker is recorded when it is queued, so a run the daemon died while
  // starting is found as well.
  const marked = unfinished.flatMap((run) => (run.marker ? [{ pgid: run.pid, marker: run.marker }] : []));
  if (marked.length > 0) await executor.killLeftovers(marked).catch(() => {});
  for (const run of unfinished) {
    const file = run.log_path ? path.join(logRoot, run.log_path) : null;
    // The log may be gone; the row still records the interruption.
    if (file && existsSync(file)) {
      try {
        const log = new LogOutput(openLogFileSync(file));
        log.write(Buffer.from(interruptedLine));
        log.close();
      } catch {
        // Not writable: the row is what counts.
      }
    }
    const now = clock.now();
    await runs.update(run.id, {
      status: RunStatus.interrupted,
      end: RunEnd.interrupted,
      exit_code: null,
      finished_at: now,
      duration_ms: run.started_at ? now - run.started_at : null,
    });
  }
}
