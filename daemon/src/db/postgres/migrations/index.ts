import type { Migration } from 'kysely';
import * as m0016 from './0016-baseline.ts';

/**
 * Append-only list of PostgreSQL's migrations, in order (Kysely sorts the names, so keep the 4-digit prefix). The
 * first is the baseline of SQLite's 16; a later change gets the same number in both dialects' lists. Never edit a
 * migration that has shipped; add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0016-baseline': m0016,
};
