/**
 * Deleting old run logs (modules/retention/log-cleanup.ts) on a real folder: dates from names and mtimes, logs in use
 * kept, other files and links untouched, empty folders removed. Names carry the panel's time, whatever the host's.
 */
// @zoned
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cleanLogs, dateOfLogName } from '../../daemon/src/modules/retention/log-cleanup.ts';
import { policyOfFrequency } from '../../daemon/src/modules/retention/policy.ts';
import { tempDir } from '../helpers/app.ts';

const zone = 'Asia/Shanghai';
const day = 86_400_000;
const hour = 3_600_000;
/** 2026-06-15 12:00 in Shanghai. */
const now = Date.UTC(2026, 5, 15, 4, 0, 0);

test("the date of a log comes from its name, in the panel's zone; impossible dates are not dates", () => {
  assert.equal(dateOfLogName('2026-06-01-08-30-00-123.log', zone), Date.UTC(2026, 5, 1, 0, 30, 0, 123));
  assert.equal(dateOfLogName('2026-06-01-08-30-00.log', zone), Date.UTC(2026, 5, 1, 0, 30, 0));
  assert.equal(dateOfLogName('2026-06-01-08-30-00.log', 'UTC'), Date.UTC(2026, 5, 1, 0, 30, 0) + 8 * hour);
  assert.equal(dateOfLogName('2026-02-31-08-30-00.log', zone), null);
  assert.equal(dateOfLogName('2026-06-01-25-30-00.log', zone), null);
  assert.equal(dateOfLogName('run.log', zone), null);
});

test('logs older than N days go, by name else mtime; logs in use, other files and links stay; empty folders go', (t) => {
  const root = tempDir(t);
  const write = (rel: string, mtime?: number) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x'.repeat(10));
    if (mtime !== undefined) utimesSync(file, mtime / 1000, mtime / 1000);
  };
  write('task_1/2026-06-01-10-00-00-000.log'); // 14 days old by name (its mtime is now)
  write('task_1/2026-06-10-10-00-00-000.log'); // 5 days
  write('task_2/2026-05-01-10-00-00-000.log'); // old, but a run still writes it
  write('task_3/old/2026-05-02-10-00-00-000.log'); // old, alone in its folder
  write('update/reload.log', now - 30 * day); // no date in the name: mtime, old
  write('update/extra.log', now - 2 * day); // mtime, recent
  write('task_1/notes.txt', now - 90 * day); // not a log
  symlinkSync(path.join(root, 'task_1/2026-06-01-10-00-00-000.log'), path.join(root, 'task_1/link.log'));
  mkdirSync(path.join(root, 'empty/nested'), { recursive: true });

  const deleted: string[] = [];
  return cleanLogs({
    logRoot: root,
    policy: policyOfFrequency(7),
    inUse: new Set(['task_2/2026-05-01-10-00-00-000.log']),
    now,
    zone,
    onDeleted: (rel) => deleted.push(rel),
  }).then((report) => {
    assert.deepEqual(deleted.sort(), [
      'task_1/2026-06-01-10-00-00-000.log',
      'task_3/old/2026-05-02-10-00-00-000.log',
      'update/reload.log',
    ]);
    assert.deepEqual(
      { files: report.files, bytes: report.bytes, inUse: report.inUse, folders: report.folders },
      { files: 3, bytes: 30, inUse: 1, folders: 4 },
    );
    assert.ok(existsSync(path.join(root, 'task_2/2026-05-01-10-00-00-000.log')), 'the log in use is kept');
    assert.ok(existsSync(path.join(root, 'task_1/notes.txt')));
    assert.ok(existsSync(path.join(root, 'update/extra.log')));
    assert.deepEqual(readdirSync(root).sort(), ['task_1', 'task_2', 'update']);
    assert.ok(readdirSync(path.join(root, 'task_1')).includes('link.log'), 'a link is not followed nor deleted');
  });
});

test('a policy without an age deletes nothing', async (t) => {
  const root = tempDir(t);
  writeFileSync(path.join(root, '2020-01-01-00-00-00.log'), 'x');
  const report = await cleanLogs({ logRoot: root, policy: policyOfFrequency(0), inUse: new Set(), now, zone });
  assert.equal(report.files, 0);
  assert.ok(existsSync(path.join(root, '2020-01-01-00-00-00.log')));
});
