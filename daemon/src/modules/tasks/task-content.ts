/** What a task's run runs: its command, work folder, hooks and log, read from the task's row when its turn comes. */
import path from 'node:path';
import { noLogName, RunTrigger } from '../../contract/enums.ts';
import type { CronRow } from '../../db/schema.ts';
import { logDirName } from '../../jobs/executor/log-format.ts';
import type { CommandWork, JobContent } from '../../jobs/types.ts';

/** The task's work folder: absolute as given, else inside data/scripts; null runs in the script's own folder. */
export function workDirOf(cron: Pick<CronRow, 'work_dir'>, scriptsDir: string): string | null {
  if (!cron.work_dir) return null;
  return path.isAbsolute(cron.work_dir) ? cron.work_dir : path.join(scriptsDir, cron.work_dir);
}

/** The folder of data/log a task's runs log into (relative to it); null when it keeps no log. */
export function logFolderOf(cron: Pick<CronRow, 'id' | 'command' | 'log_name'>): string | null {
  return cron.log_name === noLogName ? null : cron.log_name || logDirName(cron.command, cron.id);
}

export function taskContent(cron: CronRow, trigger: string, scriptsDir: string): JobContent & { work: CommandWork } {
  return {
    title: cron.name,
    logPath: (logName) => {
      const folder = logFolderOf(cron);
      return folder === null ? null : path.posix.join(folder, logName);
    },
    work: {
      command: {
        command: cron.command,
        workDir: workDirOf(cron, scriptsDir),
        taskBefore: cron.task_before,
        taskAfter: cron.task_after,
        manual: trigger === RunTrigger.manual,
        env: { BAIHU_CRON_ID: String(cron.id) },
      },
    },
  };
}

/** The log of `task ...` typed in a shell: in the folder of the task that runs the same script, if any. */
export function shellRunLogPath(command: string, cron: CronRow | undefined): (logName: string) => string {
  return (logName) =>
    path.posix.join(
      cron?.log_name && cron.log_name !== noLogName ? cron.log_name : logDirName(command, cron?.id),
      logName,
    );
}
