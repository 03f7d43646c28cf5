/**
 * The backup as a job of the kernel: its log says what it writes and how far it got (a line every few seconds, and
 * a `backupProgress` event twice a second for the page's progress bar), and what was left out; a scheduled one then
 * prunes the scheduled backups to the last N. One queue, one backup at a time.
 */
import type { PassThrough } from 'node:stream';
import { backupProgressEvent, type BackupPart, type BackupProgressEvent } from '../../contract/backup.ts';
import { RunEnd, RunStatus } from '../../contract/enums.ts';
import type { SnapshotEditor } from '../../db/copies.ts';
import type { JobControl, StepsEnd } from '../../jobs/types.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../config/paths.ts';
import { backupToFile, backupWorkDir, pruneScheduled } from './files.ts';
import { writeBackup, type BackupProgress, type WrittenBackup } from './write.ts';

export const backupQueue = 'backup';
const lineEveryMs = 3000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface BackupJobDeps {
  paths: DataPaths;
  live: LiveHub;
  version: string;
  snapshotDatabase: (file: string) => Promise<void>;
  databaseBytes: () => Promise<number>;
  now: () => number;
}

/**
 * The backup's own run is still running when the snapshot is taken; in the archive it is recorded as the success it
 * is once the archive exists, so a restored panel does not show it as interrupted.
 */
function recordOwnRunEnded(runId: number, at: number) {
  return (snapshot: SnapshotEditor) => {
    snapshot.run(
      'update job_runs set status = ?, "end" = ?, exit_code = 0, finished_at = ?, duration_ms = max(0, ? - coalesce(started_at, ?)) where id = ?',
      RunStatus.finished,
      RunEnd.success,
      at,
      at,
      at,
      runId,
    );
  };
}

/** Reports progress into the log (every few seconds) and as an event (for the progress bar). */
function reporter(deps: BackupJobDeps, job: JobControl, name: string) {
  let lastLine = 0;
  return (p: BackupProgress) => {
    const event: BackupProgressEvent = { runId: job.runId, name, ...p };
    deps.live.broadcast(backupProgressEvent, event);
    const now = Date.now();
    if (now - lastLine < lineEveryMs && p.files < p.totalFiles) return;
    lastLine = now;
    job.line(
      `  ${p.files}/${p.totalFiles} files, ${mb(p.bytes)} of ${mb(p.totalBytes)} (archive ${mb(p.archiveBytes)})`,
    );
  };
}

function summary(job: JobControl, written: WrittenBackup, what: string): void {
  const { manifest } = written;
  job.line(`Written ${what}: ${manifest.files.length} files, ${mb(written.archiveBytes)} compressed.`);
  if (manifest.skipped.length > 0) {
    job.line(`Left out (${manifest.skipped.length}; the manifest lists them):`);
    for (const item of manifest.skipped.slice(0, 20)) job.line(`  ${item.path}: ${item.reason}`);
    if (manifest.skipped.length > 20) job.line(`  … and ${manifest.skipped.length - 20} more`);
  }
}

/** A backup into data/bak/<name>; a scheduled one keeps the last `keep` scheduled backups. */
export function fileBackupSteps(
  deps: BackupJobDeps,
  o: { name: string; parts: BackupPart[]; scheduled: boolean; keep: number },
) {
  return async (job: JobControl): Promise<StepsEnd> => {
    job.line(`Backing up ${o.parts.join(', ')} into data/bak/${o.name}`);
    const written = await backupToFile({
      paths: deps.paths,
      parts: o.parts,
      version: deps.version,
      scheduled: o.scheduled,
      name: o.name,
      snapshotDatabase: deps.snapshotDatabase,
      adjustSnapshot: recordOwnRunEnded(job.runId, deps.now()),
      databaseBytes: await deps.databaseBytes(),
      onProgress: reporter(deps, job, o.name),
      signal: job.signal,
    });
    summary(job, written, `data/bak/${o.name}`);
    if (o.scheduled) {
      const pruned = await pruneScheduled(deps.paths, o.keep);
      if (pruned.length > 0) job.line(`Deleted older scheduled backups (keeping ${o.keep}): ${pruned.join(', ')}`);
    }
    return { end: RunEnd.success, exitCode: 0, detail: { name: o.name, files: written.manifest.files.length } };
  };
}

/** A backup streamed to a client (Qinglong's `PUT /system/data/export`); the stream ends with the job. */
export function streamBackupSteps(deps: BackupJobDeps, o: { parts: BackupPart[]; output: PassThrough }) {
  return async (job: JobControl): Promise<StepsEnd> => {
    job.line(`Exporting ${o.parts.join(', ')} as data.tgz to the client`);
    try {
      const written = await writeBackup({
        paths: deps.paths,
        parts: o.parts,
        version: deps.version,
        snapshotDatabase: deps.snapshotDatabase,
        adjustSnapshot: recordOwnRunEnded(job.runId, deps.now()),
        workDir: backupWorkDir(deps.paths),
        output: o.output,
        signal: job.signal,
        onProgress: reporter(deps, job, 'data.tgz'),
      });
      summary(job, written, 'data.tgz');
      return { end: RunEnd.success, exitCode: 0 };
    } catch (error) {
      // The client sees a cut-off download, which no tar reader takes for whole.
      o.output.destroy(error as Error);
      throw error;
    }
  };
}
