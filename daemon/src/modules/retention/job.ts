/**
 * The retention job: runs the sweeps (sweeps.ts) the policy asks for into its own log — one line per thing removed
 * and a summary per sweep — and keeps their counts on the run row (`detail`) for the settings page.
 */
import { RunEnd } from '../../contract/enums.ts';
import type { JobControl, StepsEnd } from '../../jobs/types.ts';
import type { RetentionPolicy } from './policy.ts';
import { runSweeps, type Sweep, type SweepContext } from './sweeps.ts';

export interface RetentionJobDeps {
  logRoot: string;
  policy: RetentionPolicy;
  /** Logs in use when the job starts (relative to data/log). */
  inUse: SweepContext['inUse'];
  now: () => number;
  /** The sweeps a run carries out, in order. */
  sweeps: readonly Sweep[];
}

export function retentionSteps(deps: RetentionJobDeps) {
  return async (job: JobControl): Promise<StepsEnd> => {
    if (!deps.sweeps.some((sweep) => sweep.applies(deps.policy))) {
      job.line('Log deletion is off and run history is kept without limit; nothing to do.');
      return { end: RunEnd.success, exitCode: 0 };
    }
    const report = await runSweeps(
      {
        policy: deps.policy,
        now: deps.now(),
        zone: job.zone,
        logRoot: deps.logRoot,
        inUse: deps.inUse,
        line: (text) => job.line(text),
        signal: job.signal,
      },
      deps.sweeps,
    );
    return {
      end: report.failed ? RunEnd.failed : RunEnd.success,
      exitCode: report.failed ? 1 : 0,
      detail: report.detail,
    };
  };
}
