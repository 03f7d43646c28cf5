/** Names of the files backups write: `baihu-<stamp>.tgz` on demand, `baihu-auto-<stamp>.tgz` by the schedule. */
import { backupFilePattern } from '../../contract/backup.ts';
import { wallTime } from '../../time/wall-clock.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYYMMDD-HHmmss` in the panel's zone, like the other stamps of the data directory. */
export function fileStampOf(at: number, zone: string): string {
  const w = wallTime(at, zone);
  return `${w.year}${pad(w.month)}${pad(w.day)}-${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

export function backupFileName(
  at: { now: number; zone: string },
  scheduled: boolean,
  taken: (name: string) => boolean = () => false,
): string {
  const base = `baihu-${scheduled ? 'auto-' : ''}${fileStampOf(at.now, at.zone)}`;
  let name = `${base}.tgz`;
  for (let n = 2; taken(name); n++) name = `${base}-${n}.tgz`;
  return name;
}

/** Whether a name is one of ours (and which kind); anything else in data/bak is never listed, served or pruned. */
export function parseBackupName(name: string): { scheduled: boolean; stamp: string } | null {
  const match = backupFilePattern.exec(name);
  return match ? { scheduled: match[1] !== undefined, stamp: match[2]! } : null;
}
