import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ScheduleKeyword, parseSchedule } from '../../contract/schedule.ts';

/**
 * Qinglong's "import the system crontab". Baihu spawns nothing outside the runner and the container has no crond, so
 * instead of `crontab -l` it reads the spool files directly when they exist and are readable.
 */
function crontabFiles(): string[] {
  let user = 'root';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry for this uid: only root's file is worth a look.
  }
  return [...new Set([`/var/spool/cron/crontabs/${user}`, '/etc/crontabs/root'])];
}

export interface CrontabEntry {
  name: string;
  schedule: string;
  command: string;
}

const envLine = /^[A-Za-z_][A-Za-z0-9_]*\s*=/;

/** A readable name: the script the command runs, else the command's start. */
function nameOf(command: string): string {
  const script = command.split(/\s+/).find((word) => /\.(js|mjs|cjs|py|ts|sh)$/i.test(word));
  return (script ? path.posix.basename(script) : command).slice(0, 100);
}

/** Schedule and command of each line; comments, variables and lines whose schedule Baihu cannot read are skipped. */
export function parseCrontab(text: string): CrontabEntry[] {
  const entries: CrontabEntry[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || envLine.test(line)) continue;
    const words = line.split(/\s+/);
    let schedule: string;
    let command: string;
    if (words[0]!.startsWith('@')) {
      schedule = words[0] === '@reboot' ? ScheduleKeyword.boot : words[0]!;
      command = words.slice(1).join(' ');
    } else {
      schedule = words.slice(0, 5).join(' ');
      command = words.slice(5).join(' ');
    }
    if (command === '' || parseSchedule(schedule).kind === 'invalid') continue;
    entries.push({ name: nameOf(command), schedule, command });
  }
  return entries;
}

/** The entries of every readable crontab file. */
export async function readSystemCrontabs(files = crontabFiles()): Promise<CrontabEntry[]> {
  const texts = await Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => '')));
  return texts.flatMap(parseCrontab);
}
