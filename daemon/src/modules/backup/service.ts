/**
 * Backup and restore: backups are jobs of the kernel (on demand, on the schedule, streamed to a Qinglong client);
 * a restore is checked in the request (nothing replaced), confirmed, and swapped in when the daemon restarts.
 */
import { createReadStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { parseSchedule } from '../../contract/schedule.ts';
import {
  backupParts,
  backupTopic,
  isBackupPart,
  type BackupOverview,
  type BackupPart,
  type BackupSettings,
  type BackupStarted,
  type RestoreCheck,
} from '../../contract/backup.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { RunTrigger } from '../../contract/enums.ts';
import { migrationNames } from '../../db/open.ts';
import { AppError, fieldError } from '../../errors/app-error.ts';
import { JobKind } from '../../jobs/types.ts';
import type { Area, SharedParts } from '../../app/shared.ts';
import { checkArchive } from './check.ts';
import { backupPath, checkSpace, deleteBackup, freeBytes, listBackups, nextBackupName } from './files.ts';
import { backupQueue, fileBackupSteps, streamBackupSteps, type BackupJobDeps } from './job.ts';
import { confirmStaged, discardStaged, readLastOutcome, readPending, readStaged } from './restore-state.ts';
import { slotKeysOf } from './swap.ts';

/** What the Qinglong import (its writer, issue #12) is handed: the unpacked `data` folder of a Qinglong data.tgz. */
export type QinglongImportHandOver = (sourceDir: string) => Promise<void>;

export type BackupServiceDeps = Pick<
  SharedParts,
  'paths' | 'jobs' | 'live' | 'settings' | 'database' | 'clock' | 'log' | 'timetable'
> & {
  version: string;
  /** Closes the daemon and exits for its supervisor to start it again (server.ts). */
  restart: () => void;
  previewQinglong: (dataDir: string) => ReturnType<Parameters<typeof checkArchive>[0]['previewQinglong']>;
  qinglongImport?: QinglongImportHandOver;
};

/** How far back a scheduled backup missed while the daemon was down still runs at start-up. */
const catchUpMinutes = 24 * 60;

/** How long after the reply to a confirmed restore the daemon closes (the reply must reach the browser first). */
export const restartDelayMs = 500;

export class BackupService {
  private checking = false;

  constructor(private readonly o: BackupServiceDeps) {}

  private get jobDeps(): BackupJobDeps {
    const { paths, live, version, database } = this.o;
    return {
      paths,
      live,
      version,
      snapshotDatabase: (file) => {
        database.flush();
        return database.snapshotTo(file);
      },
      databaseBytes: () => database.size(),
      now: () => this.o.clock.now(),
    };
  }

  /** Now, in the panel's zone: what backup and restore folders are named by. */
  private at(): { now: number; zone: string } {
    return { now: this.o.clock.now(), zone: this.o.settings.get('timezone') };
  }

  settings(): BackupSettings {
    const { settings } = this.o;
    return {
      schedule: settings.get('backupSchedule'),
      keep: settings.get('backupKeep'),
      parts: settings.get('backupParts'),
    };
  }

  async saveSettings(next: BackupSettings): Promise<BackupSettings> {
    const schedule = next.schedule.trim();
    if (schedule && parseSchedule(schedule).kind !== 'cron') throw fieldError('schedule', 'cronFormat');
    const parts = normalizeParts(next.parts);
    await this.o.settings.set('backupSchedule', schedule);
    await this.o.settings.set('backupKeep', next.keep);
    await this.o.settings.set('backupParts', parts);
    this.arm();
    return this.settings();
  }

  /** (Re)arms the scheduled backup from the settings (a time zone change re-arms it with the rest). */
  arm(): void {
    const schedule = this.o.settings.get('backupSchedule');
    if (schedule) this.o.timetable.arm('backup', 1, [schedule]);
    else this.o.timetable.disarm('backup', 1);
  }

  async overview(): Promise<BackupOverview> {
    const { paths } = this.o;
    const running = this.runningBackup();
    return {
      settings: this.settings(),
      files: await listBackups(paths),
      running,
      staged: await readStaged(paths),
      pending: (await readPending(paths)) !== null,
      last: await readLastOutcome(paths),
      freeBytes: await freeBytes(paths),
    };
  }

  private current: { runId: number; name: string } | null = null;

  private runningBackup(): BackupOverview['running'] {
    const current = this.current;
    return current ? { ...current, topic: backupTopic(current.runId) } : null;
  }

  /** A backup into data/bak now (409 while another runs); the reply names its live topic and its file. */
  async start(parts: BackupPart[], trigger: string = RunTrigger.manual): Promise<BackupStarted> {
    const scheduled = trigger === RunTrigger.schedule || trigger === RunTrigger.catchUp;
    const busy = this.o.jobs.busy(backupQueue, 'backup');
    if (busy.running || busy.waiting) throw new AppError('backupBusy', ResponseCode.conflict);
    const chosen = normalizeParts(parts);
    await checkSpace(this.o.paths, chosen, await this.jobDeps.databaseBytes());
    const name = await nextBackupName(this.o.paths, this.at(), scheduled);
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.backup,
      refId: null,
      key: 'backup',
      trigger,
      queue: backupQueue,
      title: null,
      logPath: (logName) => path.posix.join('system', 'backup', logName),
      work: {
        steps: fileBackupSteps(this.jobDeps, {
          name,
          parts: chosen,
          scheduled,
          keep: this.o.settings.get('backupKeep'),
        }),
      },
      on: { settled: () => void (this.current = null) },
    });
    if (!ticket) throw new AppError('backupBusy', ResponseCode.conflict);
    this.current = { runId: ticket.runId, name };
    return { runId: ticket.runId, topic: backupTopic(ticket.runId), name };
  }

  /**
   * At start-up: a scheduled backup whose time passed while the daemon was down (within the last day, by the
   * timetable's heartbeat) runs now, once; older ones are not worth the disk, the next is near.
   */
  async catchUp(): Promise<void> {
    const schedule = this.o.settings.get('backupSchedule');
    if (!schedule) return;
    const missed = this.o.timetable.startupRun([schedule], { minutes: catchUpMinutes, lastDueAt: null });
    if (missed?.trigger === RunTrigger.catchUp) await this.scheduled(RunTrigger.catchUp);
  }

  /** The scheduled backup fired: the same job, its parts from the settings; a running backup makes it skip. */
  async scheduled(trigger: string = RunTrigger.schedule): Promise<void> {
    try {
      await this.start(this.o.settings.get('backupParts'), trigger);
    } catch (error) {
      this.o.log.warn({ reason: (error as Error).message }, 'scheduled backup not started');
    }
  }

  /** Qinglong's export: the archive streamed as the reply (a job too, so it has a log and a run row). */
  async exportStream(types: string[]): Promise<Readable> {
    const parts = normalizeParts(types.filter(isBackupPart));
    const output = new PassThrough();
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.backup,
      refId: null,
      key: 'backup',
      trigger: RunTrigger.manual,
      queue: backupQueue,
      title: null,
      logPath: (logName) => path.posix.join('system', 'backup', logName),
      work: { steps: streamBackupSteps(this.jobDeps, { parts, output }) },
    });
    if (!ticket) throw new AppError('backupBusy', ResponseCode.conflict);
    // A client that goes away stops the job (its archive would go nowhere).
    output.once('close', () => void this.o.jobs.stop(ticket.runId));
    return output;
  }

  backupFile = (name: string) => backupPath(this.o.paths, name);
  deleteFile = (name: string) => deleteBackup(this.o.paths, name);

  /** Unpacks and checks an archive (nothing replaced); one check at a time. */
  async check(source: Readable): Promise<RestoreCheck> {
    if (this.checking) throw new AppError('restoreBusy', ResponseCode.conflict);
    if (await readPending(this.o.paths)) throw new AppError('restoreBusy', ResponseCode.conflict);
    this.checking = true;
    try {
      return await checkArchive({
        paths: this.o.paths,
        source,
        knownMigrations: migrationNames(),
        previewQinglong: this.o.previewQinglong,
        qinglongImportAvailable: this.o.qinglongImport !== undefined,
        ...this.at(),
      });
    } catch (error) {
      if (error instanceof AppError) this.o.log.info({ reason: error.key, params: error.params }, 'restore refused');
      throw error;
    } finally {
      this.checking = false;
    }
  }

  async checkKept(name: string): Promise<RestoreCheck> {
    return this.check(createReadStream(await backupPath(this.o.paths, name)));
  }

  /**
   * Applies the checked restore: a Baihu backup is confirmed for the swap at start-up and the daemon restarts; a
   * Qinglong backup is handed to the Qinglong import.
   */
  async confirm(id: string | null): Promise<{ restartInMs: number }> {
    const staged = await readStaged(this.o.paths);
    if (!staged || (id !== null && staged.id !== id)) throw new AppError('restoreNotStaged');
    if (staged.kind === 'qinglong') {
      if (!this.o.qinglongImport) throw new AppError('restoreQinglongUnavailable');
      await this.o.qinglongImport(path.join(this.o.paths.root, '.restore', staged.id, 'data'));
      await discardStaged(this.o.paths);
      return { restartInMs: 0 };
    }
    await confirmStaged(this.o.paths, staged.id, slotKeysOf(staged.parts.filter(isBackupPart)), this.at());
    this.o.log.info({ parts: staged.parts }, 'restore confirmed; restarting to apply it');
    setTimeout(() => this.o.restart(), restartDelayMs).unref();
    return { restartInMs: restartDelayMs };
  }

  discard = () => discardStaged(this.o.paths);

  /** Qinglong's import reply: the archive's entries, one a line, as `tar -v` lists them. */
  async listingOf(check: RestoreCheck): Promise<string> {
    const root = path.join(this.o.paths.root, '.restore', check.id);
    const lines: string[] = [];
    const walk = async (relative: string): Promise<void> => {
      for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
        const rel = relative ? `${relative}/${entry.name}` : entry.name;
        lines.push(entry.isDirectory() ? `${rel}/` : rel);
        if (entry.isDirectory() && lines.length < 100_000) await walk(rel);
      }
    };
    await walk('data').catch(() => undefined);
    return lines.join('\n');
  }

  /** Leftovers of a backup that a crash cut off (its snapshot, its .part file). */
  async cleanWorkDir(): Promise<void> {
    await rm(path.join(this.o.paths.bak, '.tmp'), { recursive: true, force: true });
  }
}

/** The database first, then the chosen parts in their fixed order, each once. */
export function normalizeParts(parts: readonly string[]): BackupPart[] {
  return backupParts.filter((part) => part === 'db' || parts.includes(part));
}

export type BackupArea = Area<BackupService>;
