// @sqlite-only: builds its data dirs and backups with openSqlite and the SQLite file itself (the engine-neutral path is move-to-postgres.test.ts)
/**
 * Backup archives and the restore's check and swap, below the HTTP layer. Real: a migrated SQLite database written
 * through its own connection, real files, links and folders, archives read back by node-tar and by GNU tar; hostile
 * archives are hand-made headers (test/helpers/tar.ts). Every refusal must leave the data directory exactly as it was
 * and no staging folder behind.
 */
import { loadStockHashes } from '../../daemon/src/notifications/stock-libraries.ts';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { test, type TestContext } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { BackupPart, RestoreCheck } from '../../daemon/src/contract/backup.ts';
import { formatMessage } from '../../daemon/src/contract/messages.ts';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { migrations } from '../../daemon/src/db/sqlite/migrations/index.ts';
import { AppError } from '../../daemon/src/errors/app-error.ts';
import { checkArchive, restoreCeilings } from '../../daemon/src/modules/backup/check.ts';
import {
  confirmStaged,
  readLastOutcome,
  readStaged,
  restoreRoot,
} from '../../daemon/src/modules/backup/restore-state.ts';
import { applyPendingRestore, slotKeysOf } from '../../daemon/src/modules/backup/swap.ts';
import type { UnpackLimits } from '../../daemon/src/modules/backup/unpack.ts';
import { writeBackup } from '../../daemon/src/modules/backup/write.ts';
import { previewOf } from '../../daemon/src/modules/qinglong-import/preview.ts';
import { readQinglongImport } from '../../daemon/src/modules/qinglong-import/read.ts';
import { dataPaths, ensureDataDirs, type DataPaths } from '../../daemon/src/config/paths.ts';
import { tempDir } from '../helpers/app.ts';
import { makeQinglongDataDir } from '../helpers/qinglong/index.ts';
import { filesSnapshot } from '../helpers/snapshot.ts';
import { rawTgz } from '../helpers/tar.ts';

const known = Object.keys(migrations);
const silent = { info() {}, error() {} };

async function makeDataDir(t: TestContext): Promise<DataPaths> {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const database = openSqlite(paths.db);
  await database.migrate();
  database.accelerators.sqlite
    .prepare("insert into settings (key, value) values ('timezone', '\"Asia/Shanghai\"')")
    .run();
  await database.close();
  writeFileSync(path.join(paths.db, 'jwt-secret'), 's'.repeat(64));
  writeFileSync(path.join(paths.config, 'config.sh'), 'export A=1\n');
  mkdirSync(path.join(paths.scripts, 'sub', 'deep'), { recursive: true });
  writeFileSync(path.join(paths.scripts, 'sub', 'deep', 'a.js'), 'console.log("a")\n');
  writeFileSync(path.join(paths.scripts, 'run.sh'), 'echo hi\n', { mode: 0o700 });
  mkdirSync(path.join(paths.scripts, 'empty'));
  mkdirSync(path.join(paths.scripts, 'node_modules', 'left'), { recursive: true });
  writeFileSync(path.join(paths.scripts, 'node_modules', 'left', 'index.js'), '');
  symlinkSync('/etc/hostname', path.join(paths.scripts, 'link-out'));
  mkdirSync(path.join(paths.deps, 'node', 'node_modules'), { recursive: true });
  writeFileSync(path.join(paths.deps, 'shared.js'), 'module.exports = 1;\n');
  writeFileSync(path.join(paths.log, 'old.log'), 'x\n');
  writeFileSync(path.join(paths.upload, 'avatar.png'), Buffer.from([1, 2, 3]));
  return paths;
}

/** A backup of `paths` as bytes. */
async function backupOf(paths: DataPaths, parts: BackupPart[] = ['db', 'config', 'scripts', 'deps']): Promise<Buffer> {
  const file = path.join(path.dirname(paths.root), `${path.basename(paths.root)}.tgz`);
  const database = openSqlite(paths.db);
  try {
    await writeBackup({
      paths,
      parts,
      version: '9.9.9',
      snapshotDatabase: (target) => database.accelerators.sqlite.backup(target).then(() => {}),
      workDir: path.join(paths.bak, '.tmp'),
      output: createWriteStream(file),
    });
  } finally {
    await database.close();
  }
  const bytes = readFileSync(file);
  rmSync(file);
  return bytes;
}

const previewQinglong = async (dir: string) =>
  previewOf(
    await readQinglongImport({
      sourceDir: dir,
      target: dataPaths('/nonexistent-target'),
      timezone: 'UTC',
      stockLibraries: await loadStockHashes(),
    }),
  );

const check = (paths: DataPaths, bytes: Buffer, limits?: UnpackLimits) =>
  checkArchive({
    paths,
    source: Readable.from([bytes]),
    knownMigrations: known,
    previewQinglong,
    zone: 'UTC',
    ...(limits ? { limits } : {}),
  });

/** The whole data directory except the restore's own folder (the refusal must not have changed anything else). */
const everything = (paths: DataPaths) => filesSnapshot(paths.root, (rel) => rel.startsWith('.restore'));

async function refused(t: TestContext, paths: DataPaths, bytes: Buffer, key: string, limits?: UnpackLimits) {
  const before = everything(paths);
  const error = await check(paths, bytes, limits).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof AppError, `expected a refusal with ${key}, got ${String(error)}`);
  assert.equal(error.key, key, `expected ${key}: ${formatMessage(error.key, 'en', error.params)}`);
  // Both languages have the message, and it says nothing was changed.
  assert.match(formatMessage(error.key, 'en', error.params), /nothing was changed|Nothing was changed/);
  assert.match(formatMessage(error.key, 'zh', error.params), /未做任何更改/);
  assert.deepEqual(everything(paths), before);
  const left = existsSync(restoreRoot(paths)) ? readdirSync(restoreRoot(paths)) : [];
  assert.deepEqual(left, [], 'no staging folder is left behind');
  t.diagnostic(`${key}: ${formatMessage(error.key, 'en', error.params)}`);
}

test('a backup holds the chosen parts, a snapshot of the database and a manifest GNU tar can read', async (t) => {
  const paths = await makeDataDir(t);
  const bytes = await backupOf(paths);
  const dir = tempDir(t);
  writeFileSync(path.join(dir, 'b.tgz'), bytes);
  const listing = execFileSync('tar', ['tzf', path.join(dir, 'b.tgz')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  assert.equal(listing.at(-1), 'baihu-backup.json', 'the manifest is the last entry');
  for (const file of [
    'data/db/baihu.sqlite',
    'data/db/jwt-secret',
    'data/upload/avatar.png',
    'data/config/config.sh',
  ]) {
    assert.ok(listing.includes(file), file);
  }
  assert.ok(listing.includes('data/scripts/empty/'), 'an empty folder is kept');
  assert.ok(listing.includes('data/deps/shared.js'));
  for (const absent of ['data/log/old.log', 'data/scripts/link-out', 'data/deps/node/', 'data/db/daemon.lock']) {
    assert.ok(!listing.includes(absent), `${absent} is left out`);
  }
  assert.ok(!listing.some((entry) => entry.includes('node_modules')), 'node_modules are left out');
  assert.ok(!listing.some((entry) => entry.endsWith('-wal') || entry.endsWith('-shm')), 'never the live WAL');

  execFileSync('tar', ['xzf', path.join(dir, 'b.tgz'), '-C', dir]);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'baihu-backup.json'), 'utf8')) as {
    files: { path: string; size: number; sha256: string }[];
    skipped: { path: string; reason: string }[];
    parts: string[];
    migrations: string[];
    baihuVersion: string;
  };
  assert.deepEqual(manifest.parts, ['db', 'config', 'scripts', 'deps']);
  assert.deepEqual(manifest.migrations, known);
  assert.equal(manifest.baihuVersion, '9.9.9');
  for (const file of manifest.files) {
    const content = readFileSync(path.join(dir, file.path));
    assert.equal(content.length, file.size, file.path);
    assert.equal(createHash('sha256').update(content).digest('hex'), file.sha256, file.path);
  }
  assert.deepEqual(
    manifest.skipped.map((s) => `${s.path} ${s.reason}`),
    ['data/scripts/link-out link', 'data/scripts/node_modules packages'],
  );
});

test('check → confirm → swap: the restored data is the backed-up data; the replaced data is kept', async (t) => {
  const paths = await makeDataDir(t);
  const original = everything(paths);
  const bytes = await backupOf(paths);

  // The data changes after the backup: a new script, an edited config, a removed file.
  writeFileSync(path.join(paths.scripts, 'new.js'), 'new');
  writeFileSync(path.join(paths.config, 'config.sh'), 'export A=2\n');
  rmSync(path.join(paths.deps, 'shared.js'));
  const changed = everything(paths);

  const result = await check(paths, bytes);
  assert.equal(result.kind, 'baihu');
  assert.deepEqual(result.parts, ['db', 'config', 'scripts', 'deps']);
  assert.equal(result.baihuVersion, '9.9.9');
  assert.deepEqual(everything(paths), changed, 'a check changes nothing');
  assert.deepEqual((await readStaged(paths))?.id, result.id);

  const now = Date.UTC(2026, 5, 1, 12);
  const pending = await confirmStaged(paths, result.id, slotKeysOf(['db', 'config', 'scripts', 'deps']), {
    now,
    zone: 'UTC',
  });
  const outcome = await applyPendingRestore(paths, silent, now);
  assert.equal(outcome?.ok, true);
  assert.equal(outcome?.previous, pending.previous);

  const after = everything(paths);
  const restored = Object.fromEntries(Object.entries(after).filter(([rel]) => !rel.startsWith('bak/')));
  const expected = { ...original };
  // The database is compared by its rows (a snapshot is not the same bytes); the log part was not in the backup.
  for (const snapshotOf of [restored, expected]) {
    for (const rel of Object.keys(snapshotOf)) if (rel.startsWith('db/baihu.sqlite')) delete snapshotOf[rel];
  }
  assert.deepEqual(restored, expected);
  const database = openSqlite(paths.db);
  const timezone = database.accelerators.sqlite.prepare("select value from settings where key = 'timezone'").get() as {
    value: string;
  };
  await database.close();
  assert.equal(timezone.value, '"Asia/Shanghai"');
  // What was replaced sits in bak/before-restore-…, untouched.
  assert.equal(readFileSync(path.join(paths.root, pending.previous, 'config', 'config.sh'), 'utf8'), 'export A=2\n');
  assert.equal(readFileSync(path.join(paths.root, pending.previous, 'scripts', 'new.js'), 'utf8'), 'new');
  assert.ok(existsSync(path.join(paths.deps, 'node', 'node_modules')), 'installed packages stay in place');
  assert.deepEqual(readdirSync(restoreRoot(paths)), ['last.json']);
  assert.equal((await readLastOutcome(paths))?.ok, true);
});

test('a swap interrupted between its steps resumes at the next start', async (t) => {
  const paths = await makeDataDir(t);
  const bytes = await backupOf(paths, ['db', 'config']);
  writeFileSync(path.join(paths.config, 'config.sh'), 'export A=changed\n');
  const result = await check(paths, bytes);
  const now = Date.UTC(2026, 5, 2);
  const pending = await confirmStaged(paths, result.id, slotKeysOf(['db', 'config']), { now, zone: 'UTC' });
  // As if the daemon died after setting config/ aside: the journal says 'saved', config/ is empty (the entrypoint
  // made it again).
  mkdirSync(path.join(paths.root, pending.previous), { recursive: true });
  execFileSync('mv', [paths.config, path.join(paths.root, pending.previous, 'config')]);
  mkdirSync(paths.config);
  pending.phases['config:config'] = 'saved';
  writeFileSync(path.join(restoreRoot(paths), 'pending.json'), JSON.stringify(pending));

  const outcome = await applyPendingRestore(paths, silent, now);
  assert.equal(outcome?.ok, true);
  assert.equal(readFileSync(path.join(paths.config, 'config.sh'), 'utf8'), 'export A=1\n');
  assert.equal(
    readFileSync(path.join(paths.root, pending.previous, 'config', 'config.sh'), 'utf8'),
    'export A=changed\n',
  );
});

test('a swap that fails puts the previous data back and says why', async (t) => {
  const paths = await makeDataDir(t);
  const bytes = await backupOf(paths, ['db', 'config', 'scripts']);
  writeFileSync(path.join(paths.scripts, 'after.js'), 'after');
  const before = everything(paths);
  const result = await check(paths, bytes);
  const now = Date.UTC(2026, 5, 3);
  const pending = await confirmStaged(paths, result.id, slotKeysOf(['db', 'config', 'scripts']), { now, zone: 'UTC' });
  // The scripts folder cannot be set aside: where it would go is a file.
  mkdirSync(path.join(paths.root, pending.previous), { recursive: true });
  writeFileSync(path.join(paths.root, pending.previous, 'scripts'), 'in the way');

  const outcome = await applyPendingRestore(paths, silent, now);
  assert.equal(outcome?.ok, false);
  assert.match(outcome?.message ?? '', /ENOTDIR|EEXIST|not a directory/);
  assert.deepEqual(everything(paths), before, 'db and config went back, scripts never left');
  assert.equal((await readLastOutcome(paths))?.ok, false);
});

test('a Qinglong data.tgz is recognised and read by the Qinglong import, never swapped in', async (t) => {
  const paths = await makeDataDir(t);
  const fixture = makeQinglongDataDir();
  t.after(() => fixture.cleanup());
  const archive = path.join(tempDir(t), 'data.tgz');
  // As Qinglong's export makes it (`cd /ql && tar -zcvf data.tgz data/db data/upload data/config data/scripts`).
  execFileSync('tar', ['-zcf', archive, '-C', fixture.dataDir, '--transform', 's,^,data/,', 'db', 'config', 'scripts']);
  const before = everything(paths);
  const result: RestoreCheck = await check(paths, readFileSync(archive));
  assert.equal(result.kind, 'qinglong');
  assert.ok(result.parts.includes('db') && result.parts.includes('scripts'));
  assert.ok(result.qinglong, 'the import dry run is part of the check');
  assert.ok(result.qinglong.counts.task.found > 0);
  assert.deepEqual(everything(paths), before);
  await assert.rejects(
    confirmStaged(paths, result.id, slotKeysOf(['db']), { now: Date.now(), zone: 'UTC' }),
    (error: unknown) => error instanceof AppError && error.key === 'restoreNotStaged',
  );
});

test('hostile and broken archives are refused with the reason, and nothing changes', async (t) => {
  const paths = await makeDataDir(t);
  const good = await backupOf(paths, ['db', 'config']);
  const file = (p: string, body = 'x') => ({ path: p, body });

  await refused(t, paths, Buffer.from('just some text, not an archive'), 'restoreNotGzip');
  await refused(t, paths, gzipSync(Buffer.from('x'.repeat(4000))), 'restoreCorrupt');
  await refused(t, paths, rawTgz([file('data/config/../../../escaped')]), 'restorePathOutside');
  await refused(t, paths, rawTgz([file('../escaped')]), 'restorePathOutside');
  await refused(t, paths, rawTgz([file('/etc/cron.d/evil')]), 'restorePathOutside');
  await refused(t, paths, rawTgz([file('data/config/a\\..\\b')]), 'restorePathOutside');
  await refused(
    t,
    paths,
    rawTgz([{ path: 'data/scripts/link', type: 'SymbolicLink', linkpath: '/etc/passwd' }]),
    'restoreLink',
  );
  await refused(
    t,
    paths,
    rawTgz([file('data/config/a'), { path: 'data/config/b', type: 'Link', linkpath: 'data/config/a' }]),
    'restoreLink',
  );
  await refused(t, paths, rawTgz([{ path: 'data/config/null', type: 'CharacterDevice' }]), 'restoreSpecialFile');
  await refused(t, paths, rawTgz([{ path: 'data/config/pipe', type: 'FIFO' }]), 'restoreSpecialFile');
  await refused(t, paths, rawTgz([file('data/config/a'), file('data/config/a', 'y')]), 'restoreDuplicate');
  await refused(t, paths, rawTgz([file('data/config/a'), file('data/config/a/b')]), 'restoreDuplicate');
  await refused(t, paths, rawTgz([file('etc/hosts')]), 'restoreForeign');
  await refused(t, paths, rawTgz([file('data/bak/x')]), 'restoreForeign');
  await refused(t, paths, rawTgz([file('data/scripts/only.js')]), 'restoreNoBackup');

  // Truncated: half of a real backup; and the same archive cut just before its manifest.
  await refused(t, paths, good.subarray(0, Math.floor(good.length / 2)), 'restoreTruncated');
  const corrupted = Buffer.from(good);
  for (let i = 200; i < 260; i++) corrupted[i] = corrupted[i]! ^ 0xff;
  const corruptError = await check(paths, corrupted).catch((e: AppError) => e.key);
  assert.ok(['restoreCorrupt', 'restoreTruncated'].includes(String(corruptError)), String(corruptError));

  // A wrong checksum, a wrong size, an unlisted and a missing file in an otherwise valid backup.
  const tampered = await retarred(t, good, (dir) => writeFileSync(path.join(dir, 'data/config/config.sh'), 'evil=1\n'));
  await refused(t, paths, tampered, 'restoreSizeMismatch');
  const sameSize = await retarred(t, good, (dir) =>
    writeFileSync(path.join(dir, 'data/config/config.sh'), 'export B=1\n'),
  );
  await refused(t, paths, sameSize, 'restoreChecksum');
  const extra = await retarred(t, good, (dir) => writeFileSync(path.join(dir, 'data/config/extra.sh'), 'x'));
  await refused(t, paths, extra, 'restoreUnlisted');
  const missing = await retarred(t, good, (dir) => rmSync(path.join(dir, 'data/config/config.sh')));
  await refused(t, paths, missing, 'restoreMissingFile');
  const newer = await retarred(t, good, (dir) => {
    const manifestFile = path.join(dir, 'baihu-backup.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { formatVersion: number };
    manifest.formatVersion = 99;
    writeFileSync(manifestFile, JSON.stringify(manifest));
  });
  await refused(t, paths, newer, 'restoreFormatNewer');
  const future = await retarred(t, good, (dir) => {
    const manifestFile = path.join(dir, 'baihu-backup.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
    manifest.migrations.push('9999-from-the-future');
    writeFileSync(manifestFile, JSON.stringify(manifest));
  });
  await refused(t, paths, future, 'restoreDatabaseNewer');

  // Size limits: one file over the per-file limit; many small files over the total; a bomb of zeros.
  const limits: UnpackLimits = {
    ...restoreCeilings,
    maxFileBytes: 1024 * 1024,
    maxTotalBytes: 3 * 1024 * 1024,
    totalLimit: 'disk',
  };
  await refused(
    t,
    paths,
    rawTgz([file('data/config/big', 'z'.repeat(2 * 1024 * 1024))]),
    'restoreFileTooLarge',
    limits,
  );
  const many = Array.from({ length: 8 }, (_, i) => file(`data/log/${i}.log`, 'z'.repeat(512 * 1024)));
  await refused(t, paths, rawTgz(many), 'restoreNoSpace', limits);
  await refused(t, paths, rawTgz(many), 'restoreTooLarge', { ...limits, totalLimit: 'total' });
  // 64 GB of declared zeros in a few kilobytes: refused at the header, before a byte is written.
  const bomb = rawTgz([{ path: 'data/log/bomb.log', size: 64 * 1024 ** 3 }], { end: false });
  await refused(t, paths, bomb, 'restoreFileTooLarge');
  await refused(
    t,
    paths,
    rawTgz(Array.from({ length: 20 }, (_, i) => file(`data/log/${i}`))),
    'restoreTooManyEntries',
    {
      ...limits,
      maxEntries: 10,
    },
  );
});

/** Unpacks an archive with GNU tar, lets `change` edit it, and packs it again in the same order. */
async function retarred(t: TestContext, bytes: Buffer, change: (dir: string) => void): Promise<Buffer> {
  const dir = tempDir(t);
  const archive = path.join(dir, 'in.tgz');
  writeFileSync(archive, bytes);
  const order = execFileSync('tar', ['tzf', archive], { encoding: 'utf8' }).trim().split('\n');
  const tree = path.join(dir, 'tree');
  mkdirSync(tree);
  execFileSync('tar', ['xzf', archive, '-C', tree]);
  change(tree);
  const present = order.filter((entry) => existsSync(path.join(tree, entry)));
  const extra = ['data/config/extra.sh'].filter(
    (entry) => existsSync(path.join(tree, entry)) && !order.includes(entry),
  );
  const out = path.join(dir, 'out.tgz');
  execFileSync('tar', ['czf', out, '-C', tree, '--no-recursion', ...present.slice(0, -1), ...extra, present.at(-1)!]);
  return readFileSync(out);
}
