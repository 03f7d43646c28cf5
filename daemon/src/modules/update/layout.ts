/**
 * The versions on disk (docs/update.md), shared with the entrypoint's docker/select-version.mjs:
 *
 *   data/update/state.json          {"active": "0.2.0" | null, "previous": "0.1.0" | null}   null = the image's own
 *   data/update/last-attempt.json   how the last first start of a new version went (written by the entrypoint)
 *   data/update/versions/<v>/       an unpacked release; `.ready` is written last, `.good` / `.bad` by the entrypoint
 *   data/update/downloads/          tarballs being downloaded (removed once unpacked, or on failure)
 *   data/update/rollback.sqlite     the database as it was before the restart into a new version, with rollback.json
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface UpdateState {
  active: string | null;
  previous: string | null;
}

export type AttemptOutcome = 'ok' | 'timeout' | 'exited';

export interface LastAttempt {
  version: string;
  outcome: AttemptOutcome;
  exitCode: number | null;
  at: number;
  /** The version started again after a failure (or before the update, after a success). */
  previous: string | null;
  /** Set by the panel once the user has read a failure. */
  dismissed?: boolean;
}

export interface RollbackCopy {
  /** The version that took the copy (the one a failed update comes back to). */
  from: string;
  to: string;
  at: number;
  /** Migrations the database had when the copy was taken. */
  migrations: string[];
}

export class UpdateLayout {
  readonly dir: string;
  readonly versionsDir: string;
  readonly downloadsDir: string;
  readonly rollbackDatabase: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'update');
    this.versionsDir = path.join(this.dir, 'versions');
    this.downloadsDir = path.join(this.dir, 'downloads');
    this.rollbackDatabase = path.join(this.dir, 'rollback.sqlite');
  }

  versionDir(version: string): string {
    return path.join(this.versionsDir, version);
  }

  /** A version unpacked completely (and not failed). */
  isReady(version: string): boolean {
    const dir = this.versionDir(version);
    return existsSync(path.join(dir, '.ready')) && !existsSync(path.join(dir, '.bad'));
  }

  state(): UpdateState {
    const raw = this.readJson<Partial<UpdateState>>('state.json');
    return { active: raw?.active ?? null, previous: raw?.previous ?? null };
  }

  async setState(state: UpdateState): Promise<void> {
    await this.writeJson('state.json', state);
  }

  lastAttempt(): LastAttempt | null {
    return this.readJson<LastAttempt>('last-attempt.json');
  }

  async dismissAttempt(): Promise<void> {
    const attempt = this.lastAttempt();
    if (attempt && !attempt.dismissed) await this.writeJson('last-attempt.json', { ...attempt, dismissed: true });
  }

  rollback(): RollbackCopy | null {
    return existsSync(this.rollbackDatabase) ? this.readJson<RollbackCopy>('rollback.json') : null;
  }

  async setRollback(copy: RollbackCopy): Promise<void> {
    await this.writeJson('rollback.json', copy);
  }

  async dropRollback(): Promise<void> {
    await rm(this.rollbackDatabase, { force: true });
    await rm(path.join(this.dir, 'rollback.json'), { force: true });
  }

  /** The versions unpacked under versions/ (any state), by name. */
  async versions(): Promise<string[]> {
    const names = await readdir(this.versionsDir).catch(() => [] as string[]);
    return names.filter((name) => !name.startsWith('.') && !name.includes('.partial-'));
  }

  /** Removes every version folder but `keep` (and half-unpacked leftovers). */
  async prune(keep: (string | null)[]): Promise<string[]> {
    const names = await readdir(this.versionsDir).catch(() => [] as string[]);
    const removed: string[] = [];
    for (const name of names) {
      if (keep.includes(name)) continue;
      await rm(path.join(this.versionsDir, name), { recursive: true, force: true });
      removed.push(name);
    }
    return removed;
  }

  private readJson<T>(name: string): T | null {
    try {
      const value = JSON.parse(readFileSync(path.join(this.dir, name), 'utf8')) as unknown;
      return typeof value === 'object' && value !== null ? (value as T) : null;
    } catch {
      return null;
    }
  }

  private async writeJson(name: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, name);
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, file);
  }
}
