/**
 * Copies of the database as files (a backup's snapshot, an update's rollback copy, a backup's database checked
 * before it is restored). Baihu's backups hold SQLite's file on either engine, so these are SQLite's
 * (sqlite/copies.ts); the live database's snapshot itself is `DatabaseHandle.snapshotTo`.
 */
export {
  inspectDatabaseFile,
  migrationsInFile,
  settleSnapshot,
  type DatabaseFileVerdict,
  type SnapshotEditor,
} from './sqlite/copies.ts';
