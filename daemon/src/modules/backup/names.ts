/** Names of the files backups write: `baihu-<stamp>.tgz` on demand, `baihu-auto-<stamp>.tgz` by the schedule. */
import { backupFilePattern } from '../../contract/backup.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYYMMDD-HHmmss` in the daemon's local time, like the other stamps of the data directory. */
export function fileStampOf(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

export function backupFileName(at: number, scheduled: boolean, taken: (name: string) => boolean = () => false): string {
  const base = `baihu-${scheduled ? 'auto-' : ''}${fileStampOf(at)}`;
  let name = `${base}.tgz`;
  for (let n = 2; taken(name); n++) name = `${base}-${n}.tgz`;
  return name;
}

/** Whether a name is one of ours (and which kind); anything else in data/bak is never listed, served or pruned. */
export function parseBackupName(name: string): { scheduled: boolean; stamp: string } | null {
  const match = backupFilePattern.exec(name);
  return match ? { scheduled: match[1] !== undefined, stamp: match[2]! } : null;
}
