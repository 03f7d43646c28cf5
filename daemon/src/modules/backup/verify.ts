/**
 * What an unpacked archive is, and whether it may be restored: a Baihu backup (its manifest matches every file byte
 * for byte, its database opens, is not from a newer Baihu and has the schema its migrations make) or a Qinglong `data.tgz` (no manifest, Qinglong's
 * database where Qinglong keeps it). Anything else is refused with the reason.
 */
import path from 'node:path';
import { Value } from 'typebox/value';
import {
  backupFormatVersion,
  isBackupPart,
  Manifest,
  type BackupPart,
  type Manifest as ManifestType,
} from '../../contract/backup.ts';
import { ResponseCode } from '../../contract/codes.ts';
import type { MessageKey } from '../../contract/messages.ts';
import { databaseFileName } from '../../db/open.ts';
import { inspectDatabaseFile } from '../../db/copies.ts';
import { AppError } from '../../errors/app-error.ts';
import { shown } from './entry-rules.ts';
import { archivePathOf, partOfArchivePath } from './parts.ts';
import type { UnpackedArchive } from './unpack.ts';

const refusal = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(key, ResponseCode.badRequest, params);

/** Where Qinglong keeps its database; the mark of its `data.tgz`. */
export const qinglongDatabase = 'data/db/database.sqlite';

export type VerifiedArchive =
  { kind: 'baihu'; manifest: ManifestType; parts: BackupPart[] } | { kind: 'qinglong'; parts: string[] };

function parseManifest(text: string): ManifestType {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refusal('restoreManifestInvalid', { detail: shown((error as Error).message) });
  }
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  // A newer format is named as such even when its shape changed beyond what this schema knows.
  if (typeof version === 'number' && version > backupFormatVersion) {
    const baihu = (value as { baihuVersion?: unknown }).baihuVersion;
    throw refusal('restoreFormatNewer', { version: shown(String(baihu ?? '?')), format: version });
  }
  if (!Value.Check(Manifest, value)) {
    const first = [...Value.Errors(Manifest, value)][0];
    const where = first ? `${first.instancePath || '/'} ${first.message}` : 'unexpected shape';
    throw refusal('restoreManifestInvalid', { detail: shown(where) });
  }
  return value;
}

/** How many of a schema's differences the refusal names (one is enough to refuse; a few help to see why). */
const differencesShown = 3;

/**
 * The database of a Baihu backup opens, passes SQLite's own check, has no migration this version lacks, and holds
 * exactly the tables, indexes, views and triggers its migrations create (db/copies.ts inspectDatabaseFile).
 */
export async function checkDatabase(
  file: string,
  knownMigrations: readonly string[],
  baihuVersion: string,
): Promise<void> {
  let found;
  try {
    // Our private staged copy, opened on a connection of its own.
    found = await inspectDatabaseFile(file, knownMigrations);
  } catch (error) {
    throw refusal('restoreDatabaseInvalid', { detail: shown((error as Error).message) });
  }
  if (found.verdict === 'damaged') throw refusal('restoreDatabaseInvalid', { detail: shown(found.detail) });
  if (found.verdict === 'foreign') throw refusal('restoreDatabaseInvalid', { detail: 'not a Baihu database' });
  if (found.verdict === 'newer') throw refusal('restoreDatabaseNewer', { version: shown(baihuVersion) });
  if (found.verdict === 'schema') {
    const { differences } = found;
    const named = differences.slice(0, differencesShown).map((d) => `${d.kind} ${d.type} ${d.name}`);
    if (differences.length > differencesShown) named.push(`+${differences.length - differencesShown}`);
    throw refusal('restoreDatabaseSchema', { detail: shown(named.join(', ')) });
  }
}

async function verifyBaihu(archive: UnpackedArchive, stagingDir: string, knownMigrations: readonly string[]) {
  if (!archive.sawEnd) throw refusal('restoreTruncated');
  const manifest = parseManifest(archive.manifestText!);
  if (manifest.migrations.some((name) => !knownMigrations.includes(name))) {
    throw refusal('restoreDatabaseNewer', { version: shown(manifest.baihuVersion) });
  }
  const parts = manifest.parts.filter(isBackupPart);
  if (!parts.includes('db')) throw refusal('restoreMissingFile', { path: archivePathOf('db', databaseFileName) });
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  if (listed.size !== manifest.files.length)
    throw refusal('restoreManifestInvalid', { detail: 'a file is listed twice' });
  for (const [archivePath, written] of archive.files) {
    const expected = listed.get(archivePath);
    const owner = partOfArchivePath(archivePath);
    if (!expected || !owner || !parts.includes(owner.part))
      throw refusal('restoreUnlisted', { path: shown(archivePath) });
    if (expected.size !== written.size) {
      throw refusal('restoreSizeMismatch', { path: shown(archivePath), actual: written.size, expected: expected.size });
    }
    if (expected.sha256 !== written.sha256) throw refusal('restoreChecksum', { path: shown(archivePath) });
  }
  for (const file of manifest.files) {
    if (!archive.files.has(file.path)) throw refusal('restoreMissingFile', { path: shown(file.path) });
  }
  const database = archivePathOf('db', databaseFileName);
  if (!archive.files.has(database)) throw refusal('restoreMissingFile', { path: database });
  await checkDatabase(path.join(stagingDir, database), knownMigrations, manifest.baihuVersion);
  return { kind: 'baihu' as const, manifest, parts };
}

/** Decides what the unpacked archive is, or refuses it. */
export async function verifyArchive(
  archive: UnpackedArchive,
  stagingDir: string,
  knownMigrations: readonly string[],
): Promise<VerifiedArchive> {
  if (archive.manifestText !== null) return verifyBaihu(archive, stagingDir, knownMigrations);
  if (archive.files.has(qinglongDatabase)) {
    const parts = [...new Set([...archive.files.keys()].map((file) => file.split('/')[1]!))].sort();
    return { kind: 'qinglong', parts };
  }
  // Our own layout without its manifest: the archive ended before its last entry.
  if (archive.files.has(archivePathOf('db', databaseFileName))) throw refusal('restoreTruncated');
  throw refusal('restoreNoBackup');
}
