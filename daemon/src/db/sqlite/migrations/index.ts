import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.ts';
import * as m0002 from './0002-crons.ts';
import * as m0003 from './0003-totp-replay.ts';
import * as m0004 from './0004-envs-dependencies.ts';
import * as m0005 from './0005-subscriptions.ts';
import * as m0006 from './0006-sign-in-addresses.ts';
import * as m0007 from './0007-job-runs.ts';
import * as m0008 from './0008-apps.ts';
import * as m0009 from './0009-job-runs-log-path.ts';
import * as m0010 from './0010-run-counts.ts';
import * as m0011 from './0011-run-retention.ts';
import * as m0012 from './0012-page-indexes.ts';
import * as m0013 from './0013-run-retention-by-rowid.ts';
import * as m0014 from './0014-crons-text-version.ts';
import * as m0015 from './0015-envs-version.ts';
import * as m0016 from './0016-crons-text-version-random.ts';

/**
 * Append-only list of migrations, in order. Names are sorted by Kysely, so keep the 4-digit prefix.
 * Never edit a migration that has shipped; add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-crons': m0002,
  '0003-totp-replay': m0003,
  '0004-envs-dependencies': m0004,
  '0005-subscriptions': m0005,
  '0006-sign-in-addresses': m0006,
  '0007-job-runs': m0007,
  '0008-apps': m0008,
  '0009-job-runs-log-path': m0009,
  '0010-run-counts': m0010,
  '0011-run-retention': m0011,
  '0012-page-indexes': m0012,
  '0013-run-retention-by-rowid': m0013,
  '0014-crons-text-version': m0014,
  '0015-envs-version': m0015,
  '0016-crons-text-version-random': m0016,
};
