/**
 * About and the overview's storage show the data folder as it is when the page is opened: real files written into
 * the data dir after a first measurement (33 logs in nested task folders, 13 scripts in nested folders, a link) are
 * counted at the next opening (`?fresh=true`), byte for byte as a walk of the folder by the test finds them, with the
 * time of the measurement. The overview's later reads, which follow runs, do not walk the folder again.
 */
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { DataSizesReply } from '../../daemon/src/contract/about.ts';
import type { Overview } from '../../daemon/src/contract/dashboard.ts';
import { call, signedIn } from '../helpers/app.ts';

/** Files and bytes under `dir`, as the test counts them: every entry that is not a folder (links as links). */
function walk(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = walk(full);
      files += inner.files;
      bytes += inner.bytes;
    } else {
      files += 1;
      bytes += lstatSync(full).size;
    }
  }
  return { files, bytes };
}

test('About and the overview measure the data folder when opened, nested folders included', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const sizesOf = async (query = '?fresh=true') =>
    (await call(app, 'GET', `/api/system/about/sizes${query}`, { token })).body.data as DataSizesReply;
  const overviewOf = async (query = '?fresh=true') =>
    (await call(app, 'GET', `/api/dashboard${query}`, { token })).body.data as Overview;

  const before = await sizesOf();
  assert.ok(before.sizes, 'a small data folder is measured before the answer');

  // What a user's panel gathers: logs of several tasks, some in sub-folders, and scripts in folders.
  for (let i = 0; i < 33; i++) {
    const folder = path.join(dataDir, 'log', `task_${i % 4}`, i % 3 === 0 ? 'parts' : '');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `2026-12-01-21-15-${String(i).padStart(2, '0')}-083.log`), 'x'.repeat(5000 + i));
  }
  for (let i = 0; i < 13; i++) {
    const folder = path.join(dataDir, 'scripts', i < 5 ? '' : `repo_${i % 3}/lib`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `jd_${i}.js`), `console.log(${i});\n`.repeat(i + 1));
  }
  symlinkSync(path.join(dataDir, 'scripts', 'jd_0.js'), path.join(dataDir, 'scripts', 'linked.js'));
  const written = Date.now();

  const after = await sizesOf();
  assert.ok(after.sizes && after.sizes.computedAt >= written, 'measured after the files were written');
  const folder = (name: string) => after.sizes!.folders.find((f) => f.name === name)!;
  for (const name of ['log', 'scripts']) {
    const expected = walk(path.join(dataDir, name));
    assert.deepEqual({ files: folder(name).files, bytes: folder(name).bytes }, expected, `${name}: as on disk`);
  }
  assert.ok(folder('log').files >= 33 && folder('scripts').files >= 14);

  const overview = await overviewOf();
  assert.equal(overview.sizes.log, walk(path.join(dataDir, 'log')).bytes, "the overview's logs, as on disk");
  assert.ok(overview.sizes.measuredAt! >= written);

  // Reads that follow runs take the last measurement: no walk per task status change.
  writeFileSync(path.join(dataDir, 'log', 'task_0', 'late.log'), 'y'.repeat(100));
  const following = await overviewOf('');
  assert.equal(following.sizes.measuredAt, overview.sizes.measuredAt);
});
