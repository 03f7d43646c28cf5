/**
 * A real Baihu backup changed as an attacker would change it: unpacked with GNU tar, its database edited with
 * SQLite, the manifest's size and checksum of the database set to the edited file's (the manifest is not signed), and
 * packed again with GNU tar, the manifest last as Baihu writes it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const manifestName = 'baihu-backup.json';
const databasePath = 'data/db/baihu.sqlite';

export function tamperedBackup(backup: Buffer, statements: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-tamper-'));
  try {
    writeFileSync(path.join(dir, 'in.tgz'), backup);
    const tree = path.join(dir, 'tree');
    mkdirSync(tree);
    execFileSync('tar', ['xzf', path.join(dir, 'in.tgz'), '-C', tree]);
    const entries = execFileSync('tar', ['tzf', path.join(dir, 'in.tgz')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const file = path.join(tree, databasePath);
    const db = new SQLite(file);
    db.exec(statements);
    db.close();
    const bytes = readFileSync(file);
    const manifest = JSON.parse(readFileSync(path.join(tree, manifestName), 'utf8')) as {
      files: { path: string; size: number; sha256: string }[];
    };
    const listed = manifest.files.find((f) => f.path === databasePath);
    if (!listed) throw new Error(`the backup lists no ${databasePath}`);
    listed.size = statSync(file).size;
    listed.sha256 = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(path.join(tree, manifestName), JSON.stringify(manifest));
    const out = path.join(dir, 'out.tgz');
    // The same entries in the same order, each named once (--no-recursion: folders are listed on their own).
    execFileSync('tar', [
      'czf',
      out,
      '--no-recursion',
      '-C',
      tree,
      ...entries.filter((e) => e !== manifestName),
      manifestName,
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
