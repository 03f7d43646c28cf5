/**
 * The constants of backup and restore, without schemas (the UI imports them without typebox): the parts a backup may
 * hold, the archive's layout and the names of backup files. contract/backup.ts holds the wire shapes.
 */

/**
 * The parts of the data directory a backup may hold. `db` (the database snapshot, the sign-in key and the uploaded
 * avatars) is always in it; the others are chosen. The names are Qinglong's export `type` values where it has one.
 */
export const backupParts = ['db', 'config', 'scripts', 'repo', 'raw', 'log', 'deps', 'ssh.d', 'syslog'] as const;
export type BackupPart = (typeof backupParts)[number];
export const optionalBackupParts = backupParts.filter((part) => part !== 'db');
/** What a backup holds unless told otherwise: everything but the logs, which are large and rarely wanted back. */
export const defaultBackupParts: BackupPart[] = ['db', 'config', 'scripts', 'repo', 'raw', 'deps', 'ssh.d'];
/** How many scheduled backups data/bak keeps unless told otherwise. */
export const defaultBackupKeep = 7;
export const isBackupPart = (value: unknown): value is BackupPart =>
  (backupParts as readonly unknown[]).includes(value);

export const backupFormat = 'baihu-backup';
export const backupFormatVersion = 1;
/** The manifest, the archive's last entry: it is written once every file's checksum is known. */
export const manifestName = 'baihu-backup.json';
/** Every file of the data directory sits under this folder in the archive (Qinglong's `data.tgz` does the same). */
export const archiveDataFolder = 'data';

/** Backups kept in data/bak: `baihu-<stamp>.tgz` made on demand, `baihu-auto-<stamp>.tgz` by the schedule. */
export const backupFilePattern = /^baihu-(auto-)?(\d{8}-\d{6}(?:-\d+)?)\.tgz$/;

/** The live topic of a backup job's log. */
export const backupTopic = (runId: number) => `backup:${runId}`;

/** The event a backup job sends while it writes (`BackupProgressEvent`), at most twice a second. */
export const backupProgressEvent = 'backupProgress';
export interface BackupProgressEvent {
  runId: number;
  name: string;
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  archiveBytes: number;
}
