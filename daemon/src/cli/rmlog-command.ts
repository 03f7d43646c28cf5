/**
 * `ql rmlog <days>`: Qinglong's log deletion from a shell, with the retention job's policy and cleaner
 * (modules/retention): `*.log` under data/log older than <days> days go, never a log a run uses (the runs table
 * says which: runs that have not ended, each task's latest run). Prints each file and the summary.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { maxLogRemoveDays } from '../contract/retention.ts';
import { databaseFileName, openDatabase } from '../db/connection.ts';
import { cleanLogs, policyOfFrequency, RetentionRepository, summaryOf } from '../modules/retention/index.ts';
import { dataPaths } from '../paths.ts';
import { CommandError } from './backup-commands.ts';

export async function rmlogCommand(config: Config, args: string[]): Promise<string> {
  const days = Number(args[0]);
  if (args.length !== 1 || !Number.isInteger(days) || days < 1 || days > maxLogRemoveDays) {
    throw new CommandError(`Usage: ql rmlog <days> (a whole number from 1 to ${maxLogRemoveDays})`, 2);
  }
  const paths = dataPaths(config.dataDir);
  const dbFile = path.join(paths.db, databaseFileName);
  // Without a database no run can be using a log.
  let inUse = new Set<string>();
  if (existsSync(dbFile)) {
    const database = openDatabase(paths.db);
    try {
      inUse = await new RetentionRepository(database.db).logsInUse();
    } finally {
      await database.close();
    }
  }
  const report = await cleanLogs({
    logRoot: paths.log,
    policy: policyOfFrequency(days),
    inUse,
    now: Date.now(),
    onDeleted: (relative, bytes) => console.log(`  removed ${relative} (${bytes} bytes)`),
  });
  if (report.failed > 0) throw new CommandError(summaryOf(report));
  return summaryOf(report);
}
