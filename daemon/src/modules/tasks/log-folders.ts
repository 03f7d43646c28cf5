/**
 * A task's log folder is made by its first run, unless it exists. A thousand tasks due together for the first time
 * (an import, a restore) made a thousand folders side by side in data/log while their runs started: libuv's pool
 * threads contending for the folder's lock and ext4 searching its bitmaps for free inodes, charged to the runs
 * when the daemon was busiest. Told a few seconds ahead which tasks are due
 * (Timetable.onSoon), this makes the folders of those that never logged into theirs, one at a time, while the daemon
 * is idle. Only an optimisation: a folder it could not make is made by the run, as before.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../../files/resolve.ts';
import type { CronRepository } from './repository.ts';
import { logFolderOf } from './task-content.ts';

export class LogFolders {
  private made: Promise<void> = Promise.resolve();

  constructor(
    private readonly crons: CronRepository,
    private readonly logRoot: string,
    private readonly log: { error(obj: object, msg?: string): void },
  ) {}

  /** Makes the missing log folders of these tasks, after those asked before. */
  prepare(ids: number[]): void {
    this.made = this.made
      .then(() => this.make(ids))
      .catch((err: unknown) => this.log.error({ err }, 'log folders were not made ahead of their runs'));
  }

  /** Resolves once every folder asked so far was made (or could not be). */
  settled(): Promise<void> {
    return this.made;
  }

  private async make(ids: number[]): Promise<void> {
    for (const row of await this.crons.logFolderRowsOf(ids)) {
      const folder = logFolderOf(row);
      // Its last run logged into this folder: it is there (and if someone removed it, the next run makes it).
      if (folder === null || (row.log_path !== null && path.posix.dirname(row.log_path) === folder)) continue;
      const dir = path.join(this.logRoot, folder);
      // log_name is checked when it is saved; a row written by other means still makes nothing outside data/log.
      if (!isInside(this.logRoot, dir, false)) continue;
      // One at a time: side by side they contend for data/log's lock.
      await mkdir(dir, { recursive: true }).catch(() => {});
    }
  }
}
