/**
 * `ql rmlog <days>`: Qinglong's log deletion from a shell, with the retention job's policy and cleaner
 * (modules/retention): `*.log` under data/log older than <days> days go, never a log a run uses (the runs table
 * says which: runs that have not ended, each task's latest run). Prints what the job's log would say.
 */
import type { Config } from '../config/config.ts';
import { maxLogRemoveDays } from '../contract/retention.ts';
import { databaseOf, hasDatabase, openDatabase } from '../db/open.ts';
import { policyOfFrequency, RetentionRepository, runSweeps } from '../modules/retention/index.ts';
import { dataPaths } from '../config/paths.ts';
import { CommandError } from './backup-commands.ts';

/** `zone`: the panel's time zone, which log names are stamped in (ql's context reads it from the settings). */
export async function rmlogCommand(config: Config, args: string[], zone: string): Promise<void> {
  const days = Number(args[0]);
  if (args.length !== 1 || !Number.isInteger(days) || days < 1 || days > maxLogRemoveDays) {
    throw new CommandError(`Usage: ql rmlog <days> (a whole number from 1 to ${maxLogRemoveDays})`, 2);
  }
  const paths = dataPaths(config.dataDir);
  const choice = databaseOf(config);
  // Without a database no run can be using a log.
  let inUse = new Set<string>();
  if (hasDatabase(choice)) {
    const database = await openDatabase(choice);
    try {
      inUse = await new RetentionRepository(database.db).logsInUse();
    } finally {
      await database.close();
    }
  }
  // The job's sweeps, printing what the job writes into its log.
  const report = await runSweeps({
    policy: policyOfFrequency(days),
    now: Date.now(),
    zone,
    logRoot: paths.log,
    inUse: async () => inUse,
    line: (text) => console.log(text),
  });
  if (report.failed > 0) throw new CommandError(`${report.failed} old logs could not be removed (see above).`);
}
