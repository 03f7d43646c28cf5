import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.ts';

/**
 * Append-only list of migrations, in order. Names are sorted by Kysely, so keep the 4-digit prefix.
 * Never edit a migration that has shipped; add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
};
